#!/usr/bin/env python3
"""Rewrites the lambdas listed in /tmp/cg-lambdas.tsv (those whose body lies on a suspending path) as anonymous
classes, so that javaflow's build-time weaver sees them. usage: delambda.py ROOT"""
import sys, re, os, glob, subprocess, collections
root = sys.argv[1]
rows = [l.rstrip('\n').split('\t') for l in open('/tmp/cg-lambdas.tsv')]
def srcfile(c):
    top = c.split('$')[0]
    g = glob.glob(root + '/*/src/*/java/' + top + '.java')
    return g[0] if g else None
def sam_sig(iface, sam):
    cp = ':'.join(glob.glob(root + '/*/target/classes') + glob.glob(root + '/*/target/test-classes'))
    out = subprocess.run(['javap', '-cp', cp, iface.replace('/', '.')], capture_output=True, text=True).stdout
    for line in out.split('\n'):
        m = re.match(r'^\s*(?:public )?(?:abstract )?(\S+) ' + re.escape(sam) + r'\((.*)\);', line)
        if m:
            return m.group(1), [t.strip() for t in m.group(2).split(',')] if m.group(2).strip() else []
    raise Exception('no sam ' + iface + '.' + sam)
def simple(fqn, text, pkg):
    if '.' not in fqn:
        return fqn
    base = fqn.rstrip('[]'); arr = fqn[len(base):]
    outer = base.split('$')[0]
    name = base.split('.')[-1].replace('$', '.')
    opkg = outer.rsplit('.', 1)[0]
    if opkg == 'java.lang' and '$' not in base:
        return name + arr
    if opkg == pkg or ('import ' + outer + ';') in text:
        return name + arr
    return base.replace('$', '.') + arr
def skip_ws(s, i):
    while i < len(s) and s[i] in ' \t\r\n':
        i += 1
    return i
def scan_to(s, i, stops, depth0=True):
    """from i, skipping strings/chars/comments and nested brackets, to the first char in stops at depth 0"""
    depth = 0
    while i < len(s):
        c = s[i]
        if c == '"':
            if s.startswith('"""', i):
                j = s.index('"""', i + 3); i = j + 3; continue
            i += 1
            while s[i] != '"':
                i += 2 if s[i] == '\\' else 1
            i += 1; continue
        if c == "'":
            i += 1
            while s[i] != "'":
                i += 2 if s[i] == '\\' else 1
            i += 1; continue
        if s.startswith('//', i):
            i = s.index('\n', i); continue
        if s.startswith('/*', i):
            i = s.index('*/', i) + 2; continue
        if depth == 0 and c in stops and not (c == ':' and (s[i + 1] == ':' or s[i - 1] == ':')):
            return i
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        i += 1
    raise Exception('unbalanced')
by_file = collections.defaultdict(list)
for c, encl, iface, sam, impl, line in rows:
    if not iface.startswith('org/nowemu/') or not impl.startswith('lambda$'):
        print('SKIP (by hand)', c, encl, iface, sam, impl, line); continue
    f = srcfile(c)
    if f is None:
        print('NO SOURCE', c); continue
    by_file[f].append((int(line), iface, sam))
for f, sites in sorted(by_file.items()):
    s = open(f).read()
    pkg = re.search(r'^package ([\w.]+);', s, re.M).group(1)
    for line, iface, sam in sorted(set(sites), reverse=True):
        lines = s.split('\n')
        end_of_line = sum(len(l) + 1 for l in lines[:line])
        # candidate arrows at or before this line, nearest first
        arrows = [m.start() for m in re.finditer(r'->', s[:end_of_line])]
        done = False
        for a in reversed(arrows):
            # params
            j = a - 1
            while s[j] in ' \t':
                j -= 1
            if s[j] == ')':
                depth = 0; k = j
                while True:
                    if s[k] == ')': depth += 1
                    elif s[k] == '(':
                        depth -= 1
                        if depth == 0: break
                    k -= 1
                pstart = k; params = [p.strip().split()[-1] for p in s[k + 1:j].split(',') if p.strip()]
            else:
                k = j
                while s[k - 1].isalnum() or s[k - 1] == '_':
                    k -= 1
                pstart = k; params = [s[k:j + 1]]
            b = skip_ws(s, a + 2)
            if s[b] == '{':
                bend = scan_to(s, b + 1, '}') + 1
                block = True
            else:
                bend = scan_to(s, b, ',);}:')
                block = False
            body_first = s.count('\n', 0, skip_ws(s, b + 1 if block else b)) + 1
            if not (body_first == line or (block and s.count('\n', 0, b) + 1 <= line <= s.count('\n', 0, bend) + 1)):
                continue
            ret, types = sam_sig(iface, sam)
            if len(types) != len(params):
                print('ARITY', f, line, params, types); break
            ind = re.match(r'\s*', lines[s.count('\n', 0, pstart)]).group(0)
            iname = simple(iface.replace('/', '.'), s, pkg)
            sig = ', '.join(simple(t, s, pkg) + ' ' + p for t, p in zip(types, params))
            rt = simple(ret, s, pkg)
            if block:
                inner = s[b + 1:bend - 1]
                inner = '\n'.join(('    ' + l if l.strip() else l) for l in inner.split('\n'))
                inner = inner.rstrip() + '\n' + ind + '    '
                body = '{' + inner + '}'
            else:
                expr = s[b:bend].strip()
                body = '{\n' + ind + '        ' + ('' if ret == 'void' else 'return ') + expr + ';\n' + ind + '    }'
            text = ('new ' + iname + '() {\n' + ind + '    @Override\n' + ind + '    public ' + rt + ' ' + sam + '(' + sig + ') '
                    + body + '\n' + ind + '}')
            s = s[:pstart] + text + s[bend:]
            done = True
            break
        if not done:
            print('NOT FOUND', f, line, iface, sam)
    open(f, 'w').write(s)
    print('%2d %s' % (len(set(sites)), f.replace(root + '/', '')))
