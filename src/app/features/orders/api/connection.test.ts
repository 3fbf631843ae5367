import { describe, expect, it } from 'vitest';
import { connectionMode } from './connection';

describe('connection mode shown on the board', () => {
  const up = { online: true, networkFailing: false };
  it('is live with the stream open, polling without it', () => {
    expect(connectionMode({ ...up, stream: 'open' }, true)).toBe('live');
    expect(connectionMode({ ...up, stream: 'connecting' }, true)).toBe('polling');
    expect(connectionMode({ ...up, stream: 'off' }, true)).toBe('polling');
  });
  it('is offline when the browser is offline or the server cannot be reached and the stream is not open', () => {
    expect(connectionMode({ online: false, networkFailing: false, stream: 'off' }, true)).toBe('offline');
    expect(connectionMode({ online: true, networkFailing: true, stream: 'connecting' }, true)).toBe('offline');
    // A failed request while the stream is still delivering is not "sem conexão".
    expect(connectionMode({ online: true, networkFailing: true, stream: 'open' }, true)).toBe('live');
  });
  it('is live whether or not monitoring (sound) started; paused when auto refresh is off', () => {
    expect(connectionMode({ ...up, stream: 'open' }, true)).toBe('live');
    expect(connectionMode({ ...up, stream: 'off' }, false)).toBe('paused');
  });
});
