import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest } from './errors.ts';
import { HI } from './i18n-hi.ts';
import { languageOf, localize, localizeAppError, localizeZodError, requestedLanguage } from './i18n.ts';

describe('languageOf (Accept-Language)', () => {
  it('takes the first language we speak, by q-value, else English', () => {
    expect(languageOf('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(languageOf('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(languageOf('ta-IN,ta;q=0.9,hi;q=0.5')).toBe('hi');
    expect(languageOf('en;q=0.2,hi;q=0.7')).toBe('hi');
    expect(languageOf('hi;q=0,en')).toBe('en');
    expect(languageOf('fr-FR')).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    // An unreadable q-value is ignored (the tag counts as q=1).
    expect(languageOf('hi;q=abc')).toBe('hi');
    expect(requestedLanguage('fr')).toBeNull();
    expect(requestedLanguage('HI-in')).toBe('hi');
  });
});

describe('localize', () => {
  it("keeps English exactly (SPEC's words) and translates into Hindi by text", () => {
    expect(localize('Please enter a valid phone number', 'en')).toBe('Please enter a valid phone number');
    expect(localize('Please enter a valid phone number', 'hi')).toBe(HI['Please enter a valid phone number']);
  });

  it('fills templates, translating the filled-in parts too', () => {
    expect(localize('Please wait 30 seconds before asking for another OTP.', 'hi')).toBe(
      HI['Please wait {seconds} seconds before asking for another OTP.']!.replace('{seconds}', '30'),
    );
    expect(localize('Failed to upload photo: the picture is empty', 'hi')).toBe(
      HI['Failed to upload photo: {reason}']!.replace('{reason}', HI['the picture is empty']!),
    );
  });

  it('leaves a text it does not know as it is', () => {
    expect(localize('Something nobody wrote down', 'hi')).toBe('Something nobody wrote down');
  });

  it('translates an error and its field errors, and a zod error', () => {
    const error = localizeAppError(badRequest('Invalid input', { phoneNumber: 'Please enter a valid phone number' }), 'hi');
    expect(error.message).toBe(HI['Invalid input']);
    expect(error.details).toEqual({ phoneNumber: HI['Please enter a valid phone number'] });
    const parsed = z.object({ name: z.string().min(1, 'Name is required') }).safeParse({ name: '' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      const localized = localizeZodError(parsed.error, 'hi');
      expect(localized.fieldErrors).toEqual({ name: HI['Name is required'] });
      expect(localized.message).toBe(HI['Name is required']);
    }
  });
});

/**
 * Every message a shopper's or owner's request can get back is in the Hindi catalog: the messages given
 * to the error helpers (badRequest, notFound, conflict, …) and to the zod rules of the modules' schemas
 * and services. The back office's own messages stay English (it is English), and so do the texts
 * meant for developers or other machines, listed below with the reason.
 */
describe('the Hindi catalog covers the server messages', () => {
  const serverRoot = fileURLToPath(new URL('..', import.meta.url));
  const ERROR_HELPERS = new Set(['badRequest', 'notFound', 'conflict', 'unprocessable', 'tooManyRequests', 'forbidden', 'unauthorized', 'AppError']);
  const ZOD_RULES = new Set(['min', 'max', 'length', 'regex', 'refine', 'int', 'positive', 'nonnegative', 'gt', 'gte', 'lt', 'lte', 'string', 'number', 'boolean', 'enum', 'literal', 'array', 'superRefine']);
  /** English on purpose: the back office (English), webhooks and tools, or what no person reads. */
  const ENGLISH_ONLY_DIRS = [
    // The back office and its staff.
    'admin/',
    'modules/audit-log/',
    'modules/sales-staff/',
    'modules/business-owners/',
    // The operator's configuration, tools, the database and the providers' adapters.
    'env.ts',
    'scripts/',
    'test/',
    'db/',
    'providers/',
    'jobs/',
    // HTTP plumbing: content encodings and body limits, for the clients' code rather than people.
    'http/',
  ];
  const ENGLISH_ONLY_FILES = /\/(?:admin|admin-[\w-]+|sales-[\w-]+|webhooks?|webhook-[\w-]+)\.ts$/;
  /** Single texts that are English on purpose, with where they go. */
  const ENGLISH_ONLY_TEXTS = new Set([
    'No such API path', // an unknown /api path: for the developer who typed it
    'This API path does not take that method', // a 405: for the developer who sent it
    'Request body too large', // payment provider webhooks
    'Webhooks are POST requests', // payment provider webhooks
    'Malformed webhook body', // payment provider webhooks (Route transfers)
    'The request body could not be decoded with its Content-Encoding.', // HTTP plumbing
    'Unsupported Content-Encoding: send gzip, deflate, br or an uncompressed body.', // HTTP plumbing
    'Please sign in to the sales back office.', // the back office's guard
    'The back office is for sales staff only.', // the back office's guard
    'Approved applications are kept as the record of how the account was opened. Nothing was deleted.', // back office
    'must be URL-safe base64', // a push subscription's keys: the browser sends them, no person types them
  ]);

  const sourceFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) return sourceFiles(full);
      return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [full] : [];
    });

  const literal = (node: ts.Node): string | null =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;

  const messagesOf = (node: ts.Node): string[] => {
    const text = literal(node);
    if (text !== null) return [text];
    if (ts.isObjectLiteralExpression(node)) {
      return node.properties.flatMap((p) =>
        ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && ['message', 'error'].includes(p.name.text) ? messagesOf(p.initializer) : [],
      );
    }
    if (ts.isConditionalExpression(node)) return [...messagesOf(node.whenTrue), ...messagesOf(node.whenFalse)];
    return [];
  };

  const found = new Map<string, string>();
  for (const file of sourceFiles(serverRoot)) {
    const rel = path.relative(serverRoot, file);
    if (ENGLISH_ONLY_DIRS.some((dir) => rel.startsWith(dir)) || ENGLISH_ONLY_FILES.test(`/${rel}`)) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const args = node.arguments ?? [];
        const candidates = ERROR_HELPERS.has(name) ? args.slice(name === 'AppError' ? 1 : 0, name === 'AppError' ? 2 : 1) : ZOD_RULES.has(name) ? args : [];
        for (const arg of candidates) for (const text of messagesOf(arg)) if (/[A-Za-z]{2}/.test(text) && text.includes(' ')) found.set(text, rel);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const known = (text: string) =>
    HI[text] !== undefined ||
    Object.keys(HI).some((key) => key.includes('{') && new RegExp(`^${key.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`).test(text));

  it('finds the messages (the scan works)', () => {
    expect(found.get('Please enter a valid phone number')).toBeDefined();
    expect(found.size).toBeGreaterThan(100);
  });

  it('has Hindi for each', () => {
    const missing = [...found].filter(([text]) => !known(text) && !ENGLISH_ONLY_TEXTS.has(text)).map(([text, file]) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('keys its templates on the English exactly (no stray keys for texts nobody sends)', () => {
    for (const [english, hindi] of Object.entries(HI)) {
      expect(hindi.trim(), english).not.toBe('');
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(hindi), english).toEqual(names(english));
    }
  });
});
