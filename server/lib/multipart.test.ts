import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorMiddleware } from '../http/error-middleware.ts';
import { createLogger } from './logger.ts';
import { firstFile, multipart } from './multipart.ts';

function app() {
  const k = new Koa();
  k.use(errorMiddleware(createLogger({ level: 'silent' })));
  k.use(multipart({ files: [{ name: 'photo' }, { name: 'docs', maxCount: 2 }], maxFileBytes: 1000, maxFields: 3, messagePrefix: 'Upload failed' }));
  k.use((ctx) => {
    const photo = firstFile(ctx.state.files, 'photo');
    ctx.body = {
      fields: ctx.request.body ?? null,
      photo: photo ? { name: photo.originalName, size: photo.size, type: photo.declaredType } : null,
      docs: ctx.state.files?.docs?.length ?? 0,
    };
  });
  return supertest(k.callback());
}

describe('multipart()', () => {
  it('parses fields and files within the limits', async () => {
    const res = await app()
      .post('/')
      .field('name', 'Asha')
      .attach('photo', Buffer.alloc(500, 1), { filename: 'a.jpg', contentType: 'image/jpeg' })
      .attach('docs', Buffer.alloc(10), 'd1.pdf')
      .attach('docs', Buffer.alloc(10), 'd2.pdf');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fields: { name: 'Asha' }, photo: { name: 'a.jpg', size: 500, type: 'image/jpeg' }, docs: 2 });
  });

  it('passes requests that are not multipart through untouched', async () => {
    const res = await app().post('/').send({ a: 1 });
    expect(res.status).toBe(200);
    expect(res.body.photo).toBeNull();
  });

  it.each([
    ['a file over the size limit', (r: supertest.Test) => r.attach('photo', Buffer.alloc(1001), 'big.jpg'), 'Upload failed: the file is too large (at most 1 KB)', 'photo'],
    ['an unexpected file field', (r: supertest.Test) => r.attach('virus', Buffer.alloc(10), 'x.exe'), 'Upload failed: unexpected file in the form', 'virus'],
    ['too many files in one field', (r: supertest.Test) => r.attach('photo', Buffer.alloc(10), 'a.jpg').attach('photo', Buffer.alloc(10), 'b.jpg'), 'Upload failed: unexpected file in the form', 'photo'],
    ['too many fields', (r: supertest.Test) => r.field('a', '1').field('b', '2').field('c', '3').field('d', '4'), 'Upload failed: too many fields in the form', 'root'],
  ])('refuses %s with a 400 naming the field', async (_l, build, message, field) => {
    const res = await build(app().post('/'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBeDefined();
  });

  it('refuses a malformed body with a 400', async () => {
    const res = await app()
      .post('/')
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Upload failed: /);
  });
});
