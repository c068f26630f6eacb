#!/usr/bin/env python3
"""Methods the weaver will rewrite (marked @continuable, or overriding a marked one, or lambda bodies of a class
with any) that hold code javaflow 2.7.6's analyser cannot handle: byte/boolean array element access, a method
called on an array (clone), byte[][] elements."""
import subprocess, glob, re, sys, collections
root = sys.argv[1]
marks = collections.defaultdict(set)
for l in open('/tmp/cg-mark-all.tsv'):
    c, md = l.rstrip().split('\t'); marks[c].add(md)
files = [f for d in glob.glob(root + '/*/target/classes') + glob.glob(root + '/*/target/test-classes')
         for f in glob.glob(d + '/**/*.class', recursive=True)]
out = []
for i in range(0, len(files), 300):
    out.append(subprocess.run(['javap', '-v', '-c', '-p'] + files[i:i+300], capture_output=True, text=True).stdout)
cls = None; name = None; meth = None; code = collections.defaultdict(list); annotated = set(); hascont = set()
for line in '\n'.join(out).split('\n'):
    m = re.match(r'^(?:public |protected |private |final |abstract |static |sealed |non-sealed )*(?:class|interface|enum|record) ([\w.$]+)', line)
    if m and not line.startswith(' '):
        cls = m.group(1).replace('.', '/'); meth = None; continue
    m = re.match(r'^  (?:[\w.$<>\[\], ?&]+ )?([\w$<>]+)\((.*)\)(?: throws .*)?;$', line)
    if m and cls: name = m.group(1); continue
    m = re.match(r'^    descriptor: (\S+)$', line)
    if m and name: meth = name + m.group(1); name = None; continue
    if meth and ('Lorg/apache/commons/javaflow/api/continuable;' in line or line.strip() == 'org.apache.commons.javaflow.api.continuable'):
        annotated.add((cls, meth)); hascont.add(cls)
    if meth and re.search(r'\b(baload|bastore)\b|Method "\[|// Method \[|\[\[[BZJICSDF]', line):
        code[(cls, meth)].append(line.strip())
for (c, md), lines in sorted(code.items()):
    if (c, md) in annotated or md in marks.get(c, ()) or (md.startswith('lambda$') and c in hascont):
        print(c.replace('/', '.'), md.split('(')[0], '|', lines[0][:80])
