import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps formatting, lists, tables and safe links', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> and <em>em</em> <a href="https://example.com" title="t">link</a></p>' +
      '<ul><li>one</li></ul><table><tbody><tr><th scope="row">a</th><td>b</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, styles, frames, handlers and dangerous URLs', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style></p><iframe src="https://x"></iframe>' +
      '<a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AAAA" onerror="x()">' +
      '<a href="//evil.example/">p</a><svg><script>1</script></svg>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|style|iframe|onclick|onerror|javascript:|data:|evil\.example|svg/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('opens new-tab links without giving the page away, demotes h1 and lazy-loads images', () => {
    expect(sanitizeRichText('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRichText('<h1>Top</h1>')).toBe('<h2>Top</h2>');
    expect(sanitizeRichText('<img src="https://a.example/i.png" alt="i">')).toBe(
      '<img src="https://a.example/i.png" alt="i" loading="lazy" />',
    );
  });
});

describe('richTextToPlain', () => {
  it('gives the words only, spaces collapsed', () => {
    expect(richTextToPlain('<p>One <b>two</b></p><p>three &amp; four &lt;5&gt;</p>')).toBe('One two three & four <5>');
  });
});
