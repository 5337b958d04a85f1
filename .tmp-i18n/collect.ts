import ts from 'typescript';
import fs from 'node:fs';
import path from 'node:path';

const root = '/work/wt-i18n/server';
const files: string[] = [];
for (const f of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
  if (!f.endsWith('.ts') || f.endsWith('.test.ts') || f.startsWith('test/') || f.startsWith('scripts/')) continue;
  files.push(path.join(root, f));
}
const ERR = new Set(['badRequest','notFound','conflict','unprocessable','tooManyRequests','forbidden','unauthorized','AppError','throw']);
const ZOD = new Set(['min','max','regex','length','email','refine','int','positive','nonnegative','negative','gt','gte','lt','lte','url','uuid','startsWith','endsWith','nonempty','multipleOf','finite','safe','string','number','boolean','enum','object','strictObject','array','literal','union','date','iso','coerce','datetime','superRefine','check','trim','includes']);
const out = new Map<string, Set<string>>();
function add(text: string, file: string) {
  if (!/[a-z]/i.test(text) || text.length < 3) return;
  const rel = path.relative(root, file);
  if (!out.has(text)) out.set(text, new Set());
  out.get(text)!.add(rel);
}
function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let s = node.head.text;
    node.templateSpans.forEach((sp, i) => { s += `{${sp.expression.getText()}}` + sp.literal.text; });
    return s;
  }
  return null;
}
function collectStrings(node: ts.Node, file: string) {
  const t = textOf(node);
  if (t !== null) { add(t, file); return; }
  if (ts.isObjectLiteralExpression(node)) for (const p of node.properties) if (ts.isPropertyAssignment(p)) collectStrings(p.initializer, file);
  if (ts.isConditionalExpression(node)) { collectStrings(node.whenTrue, file); collectStrings(node.whenFalse, file); }
}
for (const file of files) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if (ERR.has(name) || ZOD.has(name) || /RejectedError$/.test(name)) for (const a of node.arguments ?? []) collectStrings(a, file);
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['message','error'].includes(node.name.text)) collectStrings(node.initializer, file);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /^[A-Z][A-Z_]+$/.test(node.name.text) && node.initializer) {
      let init: ts.Node = node.initializer; if (ts.isAsExpression(init)) init = init.expression; collectStrings(init, file);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
const rows = [...out].sort((a,b)=>[...a[1]][0]!.localeCompare([...b[1]][0]!));
for (const [t, fs_] of rows) console.log(`${[...fs_].join(',')}\t${JSON.stringify(t)}`);
