import { describe, expect, it } from 'vitest';
import { detectAudio } from './chat-attachments.ts';

const pad = (head: number[]) => new Uint8Array([...head, ...new Array(32).fill(0)]);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('voice recordings by content', () => {
  it('recognises WebM, Ogg, MP4 and MPEG audio by their first bytes', () => {
    expect(detectAudio(pad([0x1a, 0x45, 0xdf, 0xa3]))).toBe('audio/webm');
    expect(detectAudio(pad(ascii('OggS')))).toBe('audio/ogg');
    expect(detectAudio(pad([0, 0, 0, 0x1c, ...ascii('ftypM4A ')]))).toBe('audio/mp4');
    expect(detectAudio(pad(ascii('ID3')))).toBe('audio/mpeg');
    expect(detectAudio(pad([0xff, 0xfb, 0x90, 0x64]))).toBe('audio/mpeg');
  });

  it('refuses text, images, PDFs and scraps', () => {
    expect(detectAudio(pad(ascii('hello, this is text')))).toBeNull();
    expect(detectAudio(pad([0x89, ...ascii('PNG')]))).toBeNull();
    expect(detectAudio(pad(ascii('%PDF-1.7')))).toBeNull();
    expect(detectAudio(new Uint8Array([0x1a, 0x45, 0xdf]))).toBeNull();
  });
});
