// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { applyInbox } from './live-inbox.ts';

const item = (key: string, text: string, unread = false) =>
  `<li class="conversation${unread ? ' conversation--unread' : ''}" data-conversation="${key}">` +
  `<a href="/user/messages/${key}" data-conversation-name>${key}</a><p>${text}</p></li>`;
const region = (...items: string[]) => `<ul data-conversations>${items.join('')}</ul>`;
const fresh = (html: string) => {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
};
const keys = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-conversation]')).map((li) => li.dataset['conversation']);
const get = (key: string) => document.querySelector(`[data-conversation="${key}"]`)!;

describe('applyInbox', () => {
  let live: HTMLElement;
  beforeEach(() => {
    document.body.innerHTML = `<div data-live-inbox>${region(item('u1', 'hello'), item('u2', 'hi'), item('u3', 'hey'))}</div>`;
    live = document.querySelector('[data-live-inbox]')!;
  });

  it('moves a conversation with a new message to the top, unread, and keeps the others as they were', () => {
    const [, second, third] = [get('u1'), get('u2'), get('u3')];
    applyInbox(live, fresh(region(item('u3', 'news', true), item('u1', 'hello'), item('u2', 'hi'))));
    expect(keys()).toEqual(['u3', 'u1', 'u2']);
    expect(get('u3').classList.contains('conversation--unread')).toBe(true);
    expect(get('u3').textContent).toContain('news');
    expect(get('u3')).not.toBe(third);
    expect(get('u2')).toBe(second);
  });

  it('adds a new conversation and drops one that left the page', () => {
    applyInbox(live, fresh(region(item('u9', 'first words', true), item('u1', 'hello'), item('u2', 'hi'))));
    expect(keys()).toEqual(['u9', 'u1', 'u2']);
  });

  it('keeps the focus on a link whose conversation moved or changed', () => {
    get('u2').querySelector('a')!.focus();
    applyInbox(live, fresh(region(item('u2', 'moved up'), item('u1', 'hello'), item('u3', 'hey'))));
    expect(document.activeElement).toBe(get('u2').querySelector('a'));
    get('u1').querySelector('a')!.focus();
    applyInbox(live, fresh(region(item('u1', 'changed', true), item('u2', 'moved up'), item('u3', 'hey'))));
    expect(document.activeElement).toBe(get('u1').querySelector('a'));
  });

  it('replaces the empty state with the first conversation', () => {
    live.innerHTML = '<p>No conversations yet.</p>';
    applyInbox(live, fresh(region(item('u5', 'hello', true))));
    expect(keys()).toEqual(['u5']);
    expect(live.textContent).not.toContain('No conversations yet.');
  });
});
