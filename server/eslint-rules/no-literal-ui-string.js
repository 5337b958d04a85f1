/**
 * `bachat/no-literal-ui-string` (issue 17, docs/i18n.md): a shopper or owner screen shows no words that
 * are not in the catalogs. It reports, in client/ components:
 * - JSX text with a letter in it (`<p>Saved</p>`): use `<Trans>`;
 * - a string or template literal with a letter given to an attribute people read or hear
 *   (`aria-label`, `title`, `alt`, `placeholder`, `label`, `content`, and the app's own text props:
 *   `heading`, `lead`, `description`, `loadingLabel`, `errorMessage`, `confirm`, `legend`, `noun`),
 *   or rendered as a child (`{'Saved'}`): use `t`…`` / `msg`;
 * - `<title>` text.
 * Letters in any script count (a Devanagari literal is as wrong as an English one). Not words: numbers,
 * symbols and punctuation (`{count}/2000`, `×`, `·`), samples of a format (`ABCDE1234F`), and what is
 * inside `<Trans>`, `<Plural>` and `<Select>` (that is the message). Brand names and a language's own name are the
 * exceptions, marked where they stand with `// eslint-disable-next-line bachat/no-literal-ui-string -- why`.
 */
const LETTER = /\p{L}/u;
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'alt',
  'placeholder',
  'label',
  'content',
  'heading',
  'lead',
  'description',
  'loadingLabel',
  'errorMessage',
  'confirm',
  'legend',
  'noun',
]);

/** Lingui's JSX macros: what is inside them is the message. */
const MACROS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

const insideMacro = (node) => {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === 'JSXElement' && at.openingElement.name.type === 'JSXIdentifier' && MACROS.has(at.openingElement.name.name)) return true;
  }
  return false;
};

/** A sample of a format rather than words (`ABCDE1234F`, `you@example.com`): one token with a digit or an @. */
const isSample = (text) => !/\s/.test(text.trim()) && /[\d@]/.test(text);

const isWords = (text) => LETTER.test(text) && !isSample(text);

const textOf = (node) => {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  return null;
};

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Words on a screen come from the Lingui catalogs (docs/i18n.md).' },
    messages: {
      text: 'Words on a screen come from the catalogs: wrap "{{text}}" in <Trans> (docs/i18n.md).',
      attribute: 'Words people read or hear come from the catalogs: give {{name}} t`{{text}}` (docs/i18n.md).',
    },
    schema: [],
  },
  create(context) {
    const short = (s) => s.trim().replace(/\s+/g, ' ').slice(0, 40);
    return {
      JSXText(node) {
        if (isWords(node.value) && !insideMacro(node)) context.report({ node, messageId: 'text', data: { text: short(node.value) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const candidates = value.type === 'ConditionalExpression' ? [value.consequent, value.alternate] : [value];
        for (const candidate of candidates) {
          const text = textOf(candidate);
          if (text !== null && isWords(text)) context.report({ node: candidate, messageId: 'attribute', data: { name, text: short(text) } });
        }
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        if (insideMacro(node)) return;
        const expression = node.expression;
        const candidates =
          expression.type === 'ConditionalExpression'
            ? [expression.consequent, expression.alternate]
            : expression.type === 'LogicalExpression'
              ? [expression.right]
              : [expression];
        for (const candidate of candidates) {
          const text = textOf(candidate);
          if (text !== null && isWords(text)) context.report({ node: candidate, messageId: 'text', data: { text: short(text) } });
        }
      },
    };
  },
};
