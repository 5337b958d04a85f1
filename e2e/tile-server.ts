import http from 'node:http';
import zlib from 'node:zlib';

/**
 * A local map tile server for the e2e suite (the map's MAP_TILE_URL points here; no test touches the
 * internet): every `/tiles/{z}/{x}/{y}.png` is a 256×256 PNG, a pale land colour with a grid line at its
 * edges and the tile's numbers drawn as darker squares, so a map made of them is visibly a map. It
 * counts what it served at `/served` so a test can check the browser asked for tiles.
 */
const port = Number(process.env.E2E_TILE_PORT ?? 3101);
const SIZE = 256;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function tile(z: number, x: number, y: number): Buffer {
  const raw = Buffer.alloc((SIZE * 3 + 1) * SIZE);
  const road = (x * 31 + y * 17 + z) % 5;
  for (let row = 0; row < SIZE; row++) {
    raw[row * (SIZE * 3 + 1)] = 0; // filter: none
    for (let col = 0; col < SIZE; col++) {
      const edge = row === 0 || col === 0;
      const street = (row > 120 + road * 6 && row < 130 + road * 6) || (col > 60 + road * 20 && col < 68 + road * 20);
      const park = row > 170 && col > 170 && (x + y) % 3 === 0;
      const [r, g, b] = edge ? [214, 217, 204] : street ? [255, 255, 255] : park ? [200, 230, 190] : [240, 238, 228];
      const i = row * (SIZE * 3 + 1) + 1 + col * 3;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

let served = 0;
http
  .createServer((req, res) => {
    const m = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (m) {
      served++;
      res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
      res.end(tile(Number(m[1]), Number(m[2]), Number(m[3])));
      return;
    }
    if (req.url === '/served') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify({ served }));
      return;
    }
    if (req.url === '/health') {
      res.writeHead(200).end('ok');
      return;
    }
    res.writeHead(404).end();
  })
  .listen(port, '127.0.0.1');
