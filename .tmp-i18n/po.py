import sys, json, re

def unesc(s): return json.loads('"' + s + '"')
def esc(s): return json.dumps(s, ensure_ascii=False)[1:-1]

ENTRY = re.compile(r'((?:#.*\n)*)(msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"', re.M)

def entries(text):
    for m in ENTRY.finditer(text):
        yield m

cmd, path = sys.argv[1], sys.argv[2]
text = open(path, encoding='utf-8').read()
if cmd == 'list':
    out = {}
    for m in entries(text):
        mid = unesc(m.group(4))
        if mid and not m.group(5): out[mid] = ''
    print(json.dumps(out, ensure_ascii=False, indent=1))
elif cmd == 'all':
    out = {}
    for m in entries(text):
        mid = unesc(m.group(4))
        if mid: out[mid] = unesc(m.group(5))
    print(json.dumps(out, ensure_ascii=False, indent=1))
elif cmd == 'fill':
    tr = json.load(open(sys.argv[3], encoding='utf-8'))
    used = set()
    def rep(m):
        mid = unesc(m.group(4))
        if mid in tr and tr[mid]:
            used.add(mid)
            return f'{m.group(1)}{m.group(2) or ""}msgid "{m.group(4)}"\nmsgstr "{esc(tr[mid])}"'
        return m.group(0)
    text = ENTRY.sub(rep, text)
    open(path, 'w', encoding='utf-8').write(text)
    missing = [m for m in tr if m not in used]
    left = [unesc(m.group(4)) for m in entries(text) if m.group(4) and not m.group(5)]
    print(f'filled {len(used)}; not in catalog: {missing}; still empty: {len(left)}')
    for l in left: print('  EMPTY:', l)
