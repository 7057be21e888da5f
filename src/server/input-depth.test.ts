import { describe, expect, it } from 'vitest';
import { jsonNestsTooDeep, MAX_INPUT_DEPTH } from './input-depth.ts';
import { holdsNul, refuseNul } from './nul-text.ts';
import { nestFormEntries } from './platform/form-fields.ts';
import { parseJson, WebhookRefused } from './payments/provider.ts';
import { readLanguageFile } from './services/admin-content/language-entity.ts';

/** `levels` lists, one inside the other, holding `innermost`. */
function nested(levels: number, innermost: unknown = 'x'): unknown {
  let value: unknown = innermost;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('jsonNestsTooDeep', () => {
  const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('counts levels of lists and objects, a bare one being one', () => {
    expect(jsonNestsTooDeep('"text"', 0)).toBe(false);
    expect(jsonNestsTooDeep('{}', 1)).toBe(false);
    expect(jsonNestsTooDeep('{"a": []}', 1)).toBe(true);
    expect(jsonNestsTooDeep('{"a": [{"b": "x"}], "c": [1, 2], "d": {}}', 3)).toBe(false);
    expect(jsonNestsTooDeep('{"a": [{"b": {}}]}', 3)).toBe(true);
    expect(jsonNestsTooDeep(arrays(MAX_INPUT_DEPTH))).toBe(false);
    expect(jsonNestsTooDeep(arrays(MAX_INPUT_DEPTH + 1))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const brackets = '[[[[{{{{'.repeat(10);
    expect(jsonNestsTooDeep(JSON.stringify({ a: brackets, b: `"${brackets}\\`, c: [brackets] }), 2)).toBe(false);
  });

  it('reads megabytes of brackets in one quick pass, building nothing', () => {
    const started = performance.now();
    expect(jsonNestsTooDeep(arrays(5_000_000))).toBe(true);
    expect(jsonNestsTooDeep(`[${'"x",'.repeat(1_000_000)}"x"]`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('what reads a client value refuses one nested too deeply', () => {
  it('the NUL check walks any depth without recursion', () => {
    expect(holdsNul(nested(50_000, 'a\u0000b'))).toBe(true);
    expect(() => refuseNul(nested(50_000))).not.toThrow();
  });

  it("a form's bracketed names", () => {
    const ok = `a${'[b]'.repeat(MAX_INPUT_DEPTH - 1)}`;
    expect(JSON.stringify(nestFormEntries([[ok, 'x']]))).toBe(
      `${'{"a":'}${'{"b":'.repeat(MAX_INPUT_DEPTH - 2)}{"b":"x"${'}'.repeat(MAX_INPUT_DEPTH)}`,
    );
    expect(() => nestFormEntries([[`${ok}[c]`, 'x']])).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("a payment provider's webhook body", () => {
    expect(() => parseJson(new TextEncoder().encode(`{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`))).toThrow(
      WebhookRefused,
    );
    expect(parseJson(new TextEncoder().encode('{"a":{"b":[1]}}'))).toEqual({ a: { b: [1] } });
  });

  it('an uploaded language file', async () => {
    const file = new File([`{"home":${'{"a":'.repeat(20_000)}"x"${'}'.repeat(20_000)}}`], 'deep.json');
    await expect(readLanguageFile(file)).rejects.toMatchObject({
      status: 422,
      fields: { strings: [expect.any(String)] },
    });
  });
});
