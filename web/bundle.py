"""bundle.py -- the examples and the syntax colours as a script for the playground (make wasm).

    python3 web/bundle.py GRAMMAR examples/*.pz > build/playground/bundle.js

GRAMMAR is the TextMate grammar of editors/vscode (the words and operators
tests/editors.py checks against the lexer): its rules, in order, become
PZ_SYNTAX, so the page colours .pz as the editors do.  Each example's
first comment line names it in the menu (PZ_EXAMPLES).
"""
import json
import os
import sys


def title(text):
    for line in text.splitlines():
        line = line.strip()
        if line.startswith('%'):
            words = line.lstrip('%').strip()
            return words.split(' -- ', 1)[1] if ' -- ' in words else words
    return ''


def syntax(path):
    """[{"match": regex, "class": css class}] in the grammar's order."""
    with open(path, encoding='utf-8') as f:
        g = json.load(f)
    rules = []

    def add(rule):
        if 'include' in rule:
            add(g['repository'][rule['include'].lstrip('#')])
        elif 'patterns' in rule and 'begin' not in rule:
            for r in rule['patterns']:
                add(r)
        elif 'begin' in rule:          # a string: up to its closing quote or the line's end
            b = rule['begin']
            rules.append({'match': b + r'(?:[^"\\\n]|\\.)*(?:' + rule['end'] + ')',
                          'class': rule['name'].split('.')[0]})
        else:
            name = rule['name']
            cls = 'operator' if name.startswith('keyword.operator') and '.word.' not in name \
                else name.split('.')[0]
            rules.append({'match': rule['match'], 'class': cls})

    for r in g['patterns']:
        add(r)
    return rules


def main(grammar, paths):
    examples = []
    for path in paths:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        examples.append({'name': os.path.basename(path), 'title': title(text), 'text': text})
    print('// made by web/bundle.py: the examples of examples/ and the syntax of editors/vscode')
    print('const PZ_SYNTAX = ' + json.dumps(syntax(grammar)) + ';')
    print('const PZ_EXAMPLES = ' + json.dumps(examples, indent=0, ensure_ascii=False) + ';')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2:])
