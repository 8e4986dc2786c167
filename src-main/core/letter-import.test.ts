import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LetterImportResult } from '../../shared/contract/bridge-import';
import { parseSections } from '../../shared/model/section';
import { startLoopbackServer, type LoopbackServer } from '../../src-server/testing/loopback-server';
import { twoTone } from './images/testing/image-fixtures';
import { UNKNOWN_FORMAT_MESSAGE } from './import/letter-file';
import { call, useTestPlatform, WEEKLY } from './testing/test-core';

// letters.import through a real core and platform: an email's pictures are copied by the
// platform's upload-from-url (its guarded fetch, let reach this loopback site only by the
// test options), the draft is made and pushed, and the answer says what the import did.
// Offline the draft is still made, its pictures keeping their own address.

let site: LoopbackServer;
let photo: Buffer;
beforeAll(async () => {
  photo = await twoTone(800, 400, 'png');
  site = await startLoopbackServer((request, response) => {
    if (request.url === '/pictures/quay.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    response.writeHead(404).end();
  });
});
afterAll(async () => {
  await site?.close();
});

const email = () => `<!doctype html><html><head><title>Quay news</title></head><body>
  <div style="display:none">Preheader words</div>
  <table><tr><td><h1>Lanterns on the quay</h1>
  <p>The <b>harbour</b> lights up on <a href="https://harbour.example/events">Friday</a>.</p>
  <a href="https://harbour.example/gallery"><img src="${site.url}/pictures/quay.png" alt="The quay at dusk" width="560"></a>
  <table><tr><th>Time</th><th>Place</th></tr><tr><td>19:00</td><td>Pier 2</td></tr></table>
  <img src="${site.url}/o.gif" width="1" height="1">
  </td></tr></table></body></html>`;

const file = (name: string, text: string) => ({ ...WEEKLY, fileName: name, contentBase64: Buffer.from(text).toString('base64') });

describe('letters.import', () => {
  const testPlatform = useTestPlatform({ faultyProxy: true, allowPrivateFetch: true, platformOptions: () => ({ allowHttpImageFetch: true }) });

  it('makes a draft of blocks, its pictures copied by the platform, and says what it did', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const result = await call<LetterImportResult>(core, 'letters.import', file('quay.html', email()));
    expect(result).toMatchObject({ summary: '4 blocks, 1 kept as HTML', blocks: 4, keptAsHtml: 1, imagesByAddress: 0 });
    expect(result.letter.id).toBeGreaterThan(0);
    expect(result.letter.title).toBe('Quay news');
    const sections = parseSections(result.letter.blocks);
    expect(sections.map((s) => s.type)).toEqual(['heading', 'paragraph', 'image', 'html', 'footer']);
    const image = sections[2]!;
    expect(image.type === 'image' && image.blockModel).toMatchObject({ alt: 'The quay at dusk', link: 'https://harbour.example/gallery' });
    expect(image.type === 'image' && image.blockModel.src).toMatch(new RegExp(`^${testPlatform.platform().url}/media/`));
    // Only the picture was fetched, once, by the platform: never the tracking pixel.
    expect(site.requests.map((r) => r.url)).toEqual(['/pictures/quay.png']);
  });

  it('offline: still makes the draft, pictures at their own address; refuses a file it cannot read', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    testPlatform.proxy().mode = 'down';
    const result = await call<LetterImportResult>(core, 'letters.import', file('quay.html', email()));
    expect(result.summary).toBe('4 blocks, 1 kept as HTML, 1 image still loaded from the original address');
    expect(result.letter.id).toBeNull();
    const image = parseSections(result.letter.blocks)[2]!;
    expect(image.type === 'image' && image.blockModel.src).toBe(`${site.url}/pictures/quay.png`);
    // A saved email's inline picture is one of its parts: imported here, offline too.
    const eml = await new MailComposer({
      subject: 'Inline picture',
      html: '<h1>Seen from the pier</h1><img src="cid:quay@harbour" alt="The quay">',
      attachments: [{ filename: 'quay.png', content: photo, cid: 'quay@harbour' }],
    }).compile().build();
    const fromEml = await call<LetterImportResult>(core, 'letters.import', { ...WEEKLY, fileName: 'saved.eml', contentBase64: eml.toString('base64') });
    expect(fromEml).toMatchObject({ summary: '2 blocks, none kept as HTML', imagesByAddress: 0 });
    expect(fromEml.letter.title).toBe('Inline picture');
    const inline = parseSections(fromEml.letter.blocks)[1]!;
    expect(inline.type === 'image' && inline.blockModel.alt).toBe('The quay');
    expect(inline.type === 'image' && inline.blockModel.src).toMatch(/^(?!cid:)\S+\.png/);
    expect(await core.dispatch('letters.import', file('notes.txt', 'just words'))).toEqual({ ok: false, error: { code: 'invalid_input', message: UNKNOWN_FORMAT_MESSAGE } });
  });
});
