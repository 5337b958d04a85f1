import json, glob, subprocess, sys
d = {}
for f in ['server-hi.json'] + sorted(x for x in glob.glob('.tmp-i18n/*.json') if 'todo' not in x and 'server-hi' not in x):
    path = f if f.startswith('.tmp') else '.tmp-i18n/' + f
    d.update(json.load(open(path)))
json.dump(d, open('.tmp-i18n/all.json.merged', 'w'), ensure_ascii=False)
for po in sorted(glob.glob('client/**/locales/hi.po', recursive=True)):
    out = subprocess.run(['python3', '.tmp-i18n/po.py', 'fill', po, '.tmp-i18n/all.json.merged'], capture_output=True, text=True).stdout
    left = out.split('still empty: ')[1].split('\n')[0]
    print(po, 'empty:', left)
