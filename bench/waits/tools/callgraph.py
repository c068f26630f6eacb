#!/usr/bin/env python3
"""Which methods lie on a suspending path: reverse reachability over javap -v -c -p of the built classes.
usage: callgraph.py SEED_CLASS.method [...]  (classes from */target/classes and */target/test-classes)"""
import subprocess, sys, re, os, glob, collections, json
root = '/work/main' if len(sys.argv) < 2 or not os.path.isdir(sys.argv[1]) else sys.argv[1]
seeds = [a for a in sys.argv[1:] if not os.path.isdir(a)]
dirs = [d for d in glob.glob(root + '/*/target/classes') + glob.glob(root + '/*/target/test-classes')]
files = []
for d in dirs:
    for f in glob.glob(d + '/**/*.class', recursive=True):
        files.append(f)
out = []
for i in range(0, len(files), 300):
    out.append(subprocess.run(['javap', '-v', '-c', '-p'] + files[i:i+300], capture_output=True, text=True).stdout)
text = '\n'.join(out)
cls = None; meth = None
supers = collections.defaultdict(set)
methods = collections.defaultdict(set)   # class -> {name+desc}
calls = collections.defaultdict(list)    # (class, name+desc) -> [(kind, owner, name, desc)]
indys = collections.defaultdict(list)    # (class, name+desc) -> [bootstrap index, sam, iface]
bsm = collections.defaultdict(dict)      # class -> idx -> impl (owner, name, desc)
cur_bsm = None
srcfile = {}
annotated = set()
firstline = {}
for line in text.split('\n'):
    m = re.match(r'^(?:public |protected |private |final |abstract |static |sealed |non-sealed |strictfp )*(class|interface|enum|record) ([\w.$]+)(?:<.*?>)?(?: extends ([\w.$<>, ?]+?))?(?: implements ([\w.$<>, ?]+?))?(?: permits .*)? *$', line)
    if m and not line.startswith(' '):
        cls = m.group(2).replace('.', '/'); meth = None; cur_bsm = None
        for grp in (m.group(3), m.group(4)):
            if grp:
                for s in re.sub(r'<[^<>]*>', '', re.sub(r'<[^<>]*>', '', grp)).split(','):
                    s = s.strip()
                    if s: supers[cls].add(s.replace('.', '/'))
        continue
    m = re.match(r'^  Compiled from "(.*)"', line)
    if line.startswith('Compiled from'):
        continue
    m = re.match(r'^  ([^ (][^(]*?)\(', line)
    if m and cls and line.startswith('  ') and not line.startswith('   ') and '(' in line and not line.strip().startswith('//'):
        pass
    m = re.match(r'^    descriptor: (.*)$', line)
    if m and pending_name is not None if 'pending_name' in dir() else False:
        pass
    m2 = re.match(r'^  (?:[\w.$<>\[\], ?&]+ )?([\w$<>.]+)\((.*)\)(?: throws .*)?;$', line)
    if m2 and cls:
        name = m2.group(1)
        if name == cls.split('/')[-1].replace('$', '.').split('.')[-1] or '.' in name:
            name = '<init>'
        pending_name = name; continue
    m3 = re.match(r'^    descriptor: (\S+)$', line)
    if m3 and cls and 'pending_name' in dir() and pending_name:
        meth = pending_name + m3.group(1); methods[cls].add(meth); pending_name = None; continue
    if meth and ('Lorg/apache/commons/javaflow/api/continuable;' in line or line.strip() == 'org.apache.commons.javaflow.api.continuable'):
        annotated.add((cls, meth))
    m4 = re.match(r'^\s+\d+: (invoke\w+)\s+#\d+(?:,\s+\d+)?\s+// (?:Method|InterfaceMethod) ([\w/$]+)\.("?[\w$<>]+"?):(\S+)', line)
    if m4 and meth:
        calls[(cls, meth)].append((m4.group(1), m4.group(2), m4.group(3).strip('"'), m4.group(4))); continue
    m4b = re.match(r'^\s+\d+: (invoke\w+)\s+#\d+(?:,\s+\d+)?\s+// (?:Method|InterfaceMethod) ("?[\w$<>]+"?):(\S+)', line)
    if m4b and meth:
        calls[(cls, meth)].append((m4b.group(1), cls, m4b.group(2).strip('"'), m4b.group(3))); continue
    m5 = re.match(r'^\s+\d+: invokedynamic\s+#\d+,\s+0\s+// InvokeDynamic #(\d+):(\w+):\(.*\)L([\w/$]+);', line)
    if m5 and meth:
        indys[(cls, meth)].append((int(m5.group(1)), m5.group(2), m5.group(3))); continue
    m8 = re.match(r'^\s+line (\d+): \d+$', line)
    if m8 and meth and (cls, meth) not in firstline:
        firstline[(cls, meth)] = int(m8.group(1)); continue
    m9 = re.match(r'^\s+SourceFile: "(.*)"', line)
    if line.startswith('SourceFile:'):
        srcfile[cls] = line.split('"')[1]
    if line.startswith('BootstrapMethods:'):
        cur_bsm = -1; meth = None; continue
    m6 = re.match(r'^  (\d+): #\d+ REF_invoke', line)
    if cur_bsm is not None and m6:
        cur_bsm = int(m6.group(1)); continue
    m7 = re.match(r'^\s+#\d+ REF_(?:invoke\w+|newInvokeSpecial) ([\w/$]+)\.("?[\w$<>]+"?):(\S+)', line)
    if cur_bsm is not None and cur_bsm >= 0 and m7 and 'LambdaMetafactory' not in m7.group(1) and 'StringConcat' not in m7.group(1) and 'ObjectMethods' not in m7.group(1):
        bsm[cls][cur_bsm] = (m7.group(1), m7.group(2).strip('"'), m7.group(3)); continue

ours = set(methods)
subs = collections.defaultdict(set)
for c, ss in supers.items():
    for s in ss: subs[s].add(c)
def all_subs(c):
    seen = set(); st = [c]
    while st:
        x = st.pop()
        for y in subs.get(x, ()):
            if y not in seen: seen.add(y); st.append(y)
    return seen
def resolve_up(c, md):
    st = [c]; seen = set()
    while st:
        x = st.pop()
        if x in seen: continue
        seen.add(x)
        if md in methods.get(x, ()): return x
        st.extend(supers.get(x, ()))
    return None
susp = set()
for s in seeds:
    c, n = s.rsplit('.', 1); c = c.replace('.', '/')
    for md in methods[c]:
        if md.startswith(n + '('): susp.add((c, md))
lambda_ifaces = set()  # (iface, sam) implemented by a suspending lambda/method ref
changed = True
why = {}
while changed:
    changed = False
    for (c, md), cl in list(calls.items()) + [((c, md), []) for (c, md) in indys]:
        if (c, md) in susp: continue
        hit = None
        for kind, owner, name, desc in cl:
            key = name + desc
            if (owner, name) in lambda_ifaces: hit = (owner, key, 'via lambda'); break
            if owner not in ours: continue   # javaflow never suspends through a JDK or library method
            targets = set()
            r = resolve_up(owner, key)
            if r: targets.add(r)
            if kind in ('invokevirtual', 'invokeinterface'):
                for sc in all_subs(owner):
                    if key in methods.get(sc, ()): targets.add(sc)
            for t in targets:
                if (t, key) in susp: hit = (t, key, kind); break
            if hit: break
        if hit:
            susp.add((c, md)); why[(c, md)] = hit; changed = True
    for (c, md), il in indys.items():
        for idx, sam, iface in il:
            impl = bsm.get(c, {}).get(idx)
            if impl and (impl[0], impl[1] + impl[2]) in susp and (iface, sam) not in lambda_ifaces and iface in ours:
                lambda_ifaces.add((iface, sam)); changed = True
# report
by_cls = collections.defaultdict(list)
for c, md in sorted(susp):
    by_cls[c].append(md)
print('suspending methods: %d in %d classes' % (len(susp), len(by_cls)))
for c in sorted(by_cls):
    print(c.replace('/', '.'))
    for md in sorted(by_cls[c]): print('    ' + md + ('' if (c, md) not in why else '   <- ' + why[(c, md)][0].split('/')[-1] + '.' + why[(c, md)][1].split('(')[0] + ' ' + why[(c,md)][2]))
print('\nfunctional interfaces implemented by suspending lambdas / method refs:')
for i, s in sorted(lambda_ifaces): print('   ', i, s)
print('\nlambda / method-ref sites whose body suspends:')
for (c, md), il in sorted(indys.items()):
    for idx, sam, iface in il:
        impl = bsm.get(c, {}).get(idx)
        if impl and (impl[0], impl[1] + impl[2]) in susp:
            print('   %s.%s  makes %s.%s from %s' % (c.split('/')[-1], md.split('(')[0], iface.split('/')[-1], sam, impl[1]))
print('\nsuspending calls to classes outside ours:')
for (c, md) in sorted(susp):
    for kind, owner, name, desc in calls.get((c, md), []):
        if owner not in ours and (owner, name) in lambda_ifaces:
            print('   %s.%s calls %s.%s' % (c.split('/')[-1], md.split('(')[0], owner, name))
print('\nconstructors on the path:', [c for (c, md) in susp if md.startswith('<init>')])

# machine-readable: methods to mark, with the supertypes' declarations of the same method and the interfaces
# lambdas implement
mark = set()
for c, md in susp:
    if md.startswith('lambda$') or md.startswith('<'): continue
    mark.add((c, md))
    st = list(supers.get(c, ())); seen = set()
    while st:
        x = st.pop()
        if x in seen: continue
        seen.add(x)
        if md in methods.get(x, ()): mark.add((x, md))
        st.extend(supers.get(x, ()))
for i, s in lambda_ifaces:
    for md in methods.get(i, ()):
        if md.startswith(s + '('): mark.add((i, md))
with open('/tmp/cg-mark.tsv', 'w') as f:
    for c, md in sorted(mark):
        if c in ours: f.write('%s\t%s\n' % (c, md))

with open('/tmp/cg-lambdas.tsv', 'w') as f:
    for (c, md), il in sorted(indys.items()):
        for idx, sam, iface in il:
            impl = bsm.get(c, {}).get(idx)
            if impl and (impl[0], impl[1] + impl[2]) in susp:
                f.write('%s\t%s\t%s\t%s\t%s\t%s\n' % (c, md, iface, sam, impl[1] + impl[2], firstline.get((impl[0], impl[1] + impl[2]), -1)))

# every lambda or method reference that makes an instance of an interface with a continuable method: it must be a
# class of its own whatever its body does, or a suspension beneath it breaks
cont_sams = {(c, md.split('(')[0]) for c, md in annotated}
with open('/tmp/cg-indy-all.tsv', 'w') as f:
    for (c, md), il in sorted(indys.items()):
        for idx, sam, iface in il:
            if (iface, sam) in cont_sams:
                impl = bsm.get(c, {}).get(idx)
                f.write('%s\t%s\t%s\t%s\t%s\t%s\n' % (c, md, iface, sam, (impl[1] + impl[2]) if impl else '?', firstline.get((impl[0], impl[1] + impl[2]), -1) if impl else -1))
