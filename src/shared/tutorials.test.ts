import { describe, expect, it } from 'vitest';
import { parseTutorialLinks, safeTutorialUrl, TUTORIAL_LINK_COUNT } from './tutorials';

describe('tutorial links', () => {
  it('are all missing when nothing is configured (the spec names no address)', () => {
    expect(parseTutorialLinks(undefined)).toEqual(Array(TUTORIAL_LINK_COUNT).fill(null));
    expect(parseTutorialLinks('')).toHaveLength(10);
  });

  it('keep positions: empty entries stay missing, extra entries are ignored', () => {
    const links = parseTutorialLinks(' https://v.example/1 ,,http://v.example/3' + ',x'.repeat(6) + ',https://v.example/p,https://v.example/extra');
    expect(links[0]).toBe('https://v.example/1');
    expect(links[1]).toBeNull();
    expect(links[2]).toBe('http://v.example/3');
    expect(links[9]).toBe('https://v.example/p');
    expect(links).toHaveLength(10);
  });

  it('refuse addresses that are not http(s)', () => {
    expect(safeTutorialUrl('javascript:alert(1)')).toBeNull();
    expect(safeTutorialUrl('ftp://v.example/a')).toBeNull();
    expect(safeTutorialUrl('não é endereço')).toBeNull();
  });
});
