import type { ServerResponse } from 'node:http';
import type { RecordedRequest } from './loopback-server';

// Feeds in the three formats the platform reads, as a loopback site serves them: each
// answers 304 when the request carries the ETag it gave, like a well-behaved feed host.

export const RSS_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Harbour News</title>
    <link>https://harbour.example/</link>
    <item>
      <title>Tide tables for the spring</title>
      <link>https://harbour.example/tides</link>
      <dc:creator>Ann Mariner</dc:creator>
      <category>Tides</category>
      <description>&lt;p&gt;High water is early this week. &lt;script&gt;alert(1)&lt;/script&gt;&lt;/p&gt;</description>
      <pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate>
      <media:content url="https://harbour.example/tides.jpg" medium="image"/>
    </item>
    <item>
      <title>New pier opens</title>
      <link>https://harbour.example/pier</link>
      <dc:creator>Bo Quay</dc:creator>
      <description>The pier opened on Saturday.</description>
      <pubDate>Tue, 03 Mar 2026 10:00:00 GMT</pubDate>
    </item>
  </channel>
</rss>`;

export const ATOM_FEED = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Lighthouse Log</title>
  <link href="https://lighthouse.example/"/>
  <id>urn:lighthouse</id>
  <updated>2026-03-04T09:00:00Z</updated>
  <entry>
    <title>Lamp replaced</title>
    <link href="https://lighthouse.example/lamp"/>
    <id>urn:lighthouse:lamp</id>
    <author><name>Cy Keeper</name></author>
    <summary>A brighter lamp for the winter.</summary>
    <updated>2026-03-04T09:00:00Z</updated>
  </entry>
</feed>`;

export const JSON_FEED = JSON.stringify({
  version: 'https://jsonfeed.org/version/1.1',
  title: 'Dock Daily',
  home_page_url: 'https://dock.example/',
  items: [
    {
      id: 'https://dock.example/cranes',
      url: 'https://dock.example/cranes',
      title: 'Cranes arrive',
      summary: 'Two new cranes reached the dock.',
      image: 'https://dock.example/cranes.png',
      date_published: '2026-03-05T08:00:00Z',
      authors: [{ name: 'Di Crane' }],
      // The same article as the RSS feed's: one aggregate per address in a channel.
    },
    { id: 'dup', url: 'https://harbour.example/pier', title: 'New pier opens (again)', date_published: '2026-03-03T10:00:00Z' },
  ],
});

/**
 * A WordPress blog's feed (at `/journal/feed/`, a WordPress address): one post carries its
 * whole body in content:encoded (a picture, a link, and a script that must not come through),
 * the other only a summary.
 */
export const WORDPRESS_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Quay Journal</title>
    <link>https://journal.example/</link>
    <generator>https://wordpress.org/?v=6.5</generator>
    <item>
      <title>Winter on the quay</title>
      <link>https://journal.example/winter</link>
      <dc:creator>Eve Pilot</dc:creator>
      <pubDate>Sun, 01 Feb 2026 09:00:00 GMT</pubDate>
      <description>The quay in winter, in short.</description>
      <content:encoded><![CDATA[<p>Ice formed along the <strong>north wall</strong> overnight.</p><p><img src="https://journal.example/ice.jpg" alt="Ice on the wall" width="1600" style="width:1600px"></p><p>Read the <a href="https://journal.example/log" onclick="steal()">harbour log</a>.</p><script>alert(1)</script>]]></content:encoded>
    </item>
    <item>
      <title>Spring notes</title>
      <link>https://journal.example/spring</link>
      <pubDate>Sat, 31 Jan 2026 09:00:00 GMT</pubDate>
    </item>
  </channel>
</rss>`;

export interface FeedSite {
  /** Path → body and content type; replace entries to change what the site serves. */
  files: Map<string, { body: string; type: string }>;
  /** Answered with 500 while listed. */
  failing: Set<string>;
}

export function createFeedSite(): FeedSite {
  return {
    files: new Map([
      ['/rss.xml', { body: RSS_FEED, type: 'application/rss+xml' }],
      ['/atom.xml', { body: ATOM_FEED, type: 'application/atom+xml' }],
      ['/feed.json', { body: JSON_FEED, type: 'application/feed+json' }],
      ['/journal/feed/', { body: WORDPRESS_FEED, type: 'application/rss+xml' }],
      ['/page.html', { body: '<!doctype html><html><body>Not a feed</body></html>', type: 'text/html' }],
    ]),
    failing: new Set(),
  };
}

export function serveFeedSite(site: FeedSite) {
  return (request: RecordedRequest, response: ServerResponse) => {
    const path = request.url.split('?')[0]!;
    const file = site.files.get(path);
    if (site.failing.has(path)) return response.writeHead(500).end('down');
    if (!file) return response.writeHead(404).end('missing');
    const etag = `"${Buffer.from(file.body).length}-${hash(file.body)}"`;
    if (request.headers['if-none-match'] === etag) return response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': file.type, etag, 'last-modified': 'Wed, 04 Mar 2026 10:00:00 GMT' });
    return response.end(file.body);
  };
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h >>> 0;
}
