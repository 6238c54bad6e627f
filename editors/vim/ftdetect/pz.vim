" pz puzzle files (see editors/README.md)
autocmd BufRead,BufNewFile *.pz setfiletype pz
