import { describe, expect, it } from 'vitest';
import { postContentHtml } from './post-content';

describe('postContentHtml', () => {
  const clean = (html: string) => postContentHtml(html, { linkColor: '#228833' });

  it('keeps the allowed tags and drops scripts, handlers, frames and their own styles', () => {
    const html = clean('<h2 style="color:red">Title</h2><p onclick="x()">One <em>two</em></p><script>alert(1)</script><iframe src="https://x.example"></iframe><table><tr><td>cell</td></tr></table>');
    expect(html).toBe('<h2>Title</h2><p>One <em>two</em></p>cell');
  });

  it('holds every picture to the column, keeps its proportions, and drops one without a usable address', () => {
    const html = clean('<img src="https://blog.example/a.jpg" alt="A" width="1600" style="width:1600px"><img src="javascript:alert(1)" alt="B"><img src="data:image/png;base64,AA" alt="C">');
    expect(html).toBe('<img src="https://blog.example/a.jpg" alt="A" style="display:block;max-width:100%;height:auto;border:0" />');
  });

  it("opens links in a new tab in the block's link colour; a javascript: link loses its address and a colour cannot smuggle in more CSS", () => {
    expect(clean('<a href="https://blog.example/log" style="font-size:40px">log</a>')).toBe('<a href="https://blog.example/log" target="_blank" style="color:#228833">log</a>');
    expect(clean('<a href="javascript:alert(1)">bad</a>')).toBe('<a target="_blank" style="color:#228833">bad</a>');
    expect(postContentHtml('<a href="https://x.example">x</a>', { linkColor: 'red;background:url(x)' })).toBe('<a href="https://x.example" target="_blank" style="color:red">x</a>');
  });
});
