import re, subprocess, sys
files = subprocess.run(['git', 'diff', '--name-only'], capture_output=True, text=True).stdout.split()
for f in files:
    if not f.endswith('.java'): continue
    s = open(f).read()
    try:
        orig = subprocess.run(['git', 'show', 'HEAD:' + f], capture_output=True, text=True).stdout
    except Exception:
        orig = ''
    pat = re.compile(r'\b(org\.nowemu(?:\.[a-z]\w*)+)\.([A-Z]\w*)')
    new = {m.group(0) for m in pat.finditer(s)} - {m.group(0) for m in pat.finditer(orig)}
    if not new: continue
    pkg = re.search(r'^package ([\w.]+);', s, re.M).group(1)
    imports = set(re.findall(r'^import ([\w.]+);', s, re.M))
    simple_taken = {i.split('.')[-1]: i for i in imports}
    added = []
    for fq in sorted(new, key=len, reverse=True):
        p, name = fq.rsplit('.', 1)
        if simple_taken.get(name, fq) != fq:
            continue
        # a class of the same simple name declared in this file or package would clash: keep the long name then
        if re.search(r'\b(class|interface|record|enum) ' + name + r'\b', s) and p != pkg:
            continue
        s = re.sub(r'\b' + re.escape(fq) + r'\b', name, s)
        if p != pkg and fq not in imports:
            added.append(fq); simple_taken[name] = fq
    if added:
        lines = s.split('\n')
        for fq in sorted(added):
            imps = [i for i, l in enumerate(lines) if l.startswith('import ') and not l.startswith('import static')]
            idx = next((i for i in imps if lines[i] > 'import ' + fq + ';'), (imps[-1] + 1) if imps else None)
            if idx is None:
                idx = next(i for i, l in enumerate(lines) if l.startswith('package ')) + 2
                lines.insert(idx - 1, '')
            lines.insert(idx, 'import ' + fq + ';')
        s = '\n'.join(lines)
    open(f, 'w').write(s)
    print(f, len(added))
