#!/usr/bin/env python3
"""Marks @continuable the methods listed in /tmp/cg-mark.tsv (class<TAB>name+desc) in the sources under ROOT."""
import sys, re, os, glob, collections
root = sys.argv[1]
want = collections.defaultdict(set)   # file -> {method name}
for line in open('/tmp/cg-mark.tsv'):
    c, md = line.rstrip('\n').split('\t')
    top = c.split('$')[0]
    name = md.split('(')[0]
    for src in glob.glob(root + '/*/src/*/java/' + top + '.java'):
        want[src].add(name)
IMPORT = 'import org.apache.commons.javaflow.api.continuable;'
decl_mods = r'(?:(?:public|protected|private|static|final|abstract|synchronized|default)\s+)*'
for src, names in sorted(want.items()):
    s = open(src).read().split('\n')
    out = []; changed = 0
    for i, line in enumerate(s):
        for n in names:
            m = re.match(r'^(\s*)' + decl_mods + r'(?:<[^>]+>\s+)?[A-Za-z_][\w.<>\[\]?,]*(?:<[^()]*>)?(?:\[\])*\s+' + re.escape(n) + r'\s*\(', line)
            if m and not re.match(r'^\s*(return|new|throw|else|case)\b', line) and '=' not in line.split('(')[0] and '.' not in line.split('(')[0].split()[-1]:
                prev = out[-1] if out else ''
                if '@continuable' not in prev and not prev.strip().startswith('@continuable'):
                    # put it below other annotations' block start: just above the declaration line
                    out.append(m.group(1) + '@continuable'); changed += 1
                break
        out.append(line)
    if changed:
        txt = '\n'.join(out)
        if IMPORT not in txt:
            # after the package line's imports: insert before the first import, or after package
            lines = txt.split('\n')
            imps = [k for k, l in enumerate(lines) if l.startswith('import ') and not l.startswith('import static')]
            idx = next((k for k in imps if lines[k] > IMPORT), (imps[-1] + 1) if imps else None)
            if idx is None:
                idx = next(k for k, l in enumerate(lines) if l.startswith('package ')) + 1
                lines.insert(idx, ''); idx += 1
            lines.insert(idx, IMPORT)
            txt = '\n'.join(lines)
        open(src, 'w').write(txt)
        print('%3d %s' % (changed, src.replace(root + '/', '')))
