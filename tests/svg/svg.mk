# tests/svg/svg.mk -- pz --svg's pictures (included by the Makefile).
#
#   make svgtest         every puzzle drawn is well-formed XML; the golden
#                        pictures are exact; rendered by rsvg-convert, they
#                        look like the reviewed tests/svg/*.png (part of check)
#   make svgaccept       rewrite tests/svg/*.svg and *.png (look at them!)

svgtest: all              ## the pictures of pz --svg: XML, golden text, rendered PNGs
	sh tests/svg/run.sh $(BUILD)/pz

svgaccept: all
	sh tests/svg/run.sh --accept $(BUILD)/pz

check: svgtest

.PHONY: svgtest svgaccept
