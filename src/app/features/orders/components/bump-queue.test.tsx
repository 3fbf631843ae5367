// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBumpQueue } from './bump-queue';

afterEach(cleanup);

/** A board of two tickets whose Enter counts (as OrderCard's main action would), and a dialog's button outside it. */
function renderBoard() {
  const presses: string[] = [];
  function Board() {
    const ref = useRef<HTMLDivElement>(null);
    useBumpQueue(ref);
    const ticket = (id: string) => (
      <article
        data-testid="order-card"
        data-order-id={id}
        aria-label={`Pedido ${id}`}
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) presses.push(id);
        }}
      />
    );
    return (
      <>
        <div ref={ref} data-testid="order-board" tabIndex={-1}>
          {ticket('a')}
          {ticket('b')}
        </div>
        <div role="dialog" aria-label="Transportador">
          <button type="button">Fechar</button>
        </div>
      </>
    );
  }
  render(<Board />);
  return { presses, card: (id: string) => screen.getByLabelText(`Pedido ${id}`), close: screen.getByRole('button', { name: 'Fechar' }) };
}

describe('bump queue', () => {
  it('a second Enter on the same ticket at once is a double press: held, not a second bump of that order', () => {
    const { presses, card } = renderBoard();
    card('a').focus();
    fireEvent.keyDown(card('a'), { key: 'Enter' });
    fireEvent.keyDown(card('a'), { key: 'Enter' });
    expect(presses).toEqual(['a']);
  });

  it('an Enter that opened a dialog bumped nothing: once the dialog gives the focus back, the next Enter on that ticket runs its action', () => {
    const { presses, card, close } = renderBoard();
    card('a').focus();
    fireEvent.keyDown(card('a'), { key: 'Enter' });
    // The dialog takes the focus, and gives it back when it closes.
    close.focus();
    card('a').focus();
    fireEvent.keyDown(card('a'), { key: 'Enter' });
    expect(presses).toEqual(['a', 'a']);
    // Nothing was left waiting for the next ticket to take the focus.
    card('b').focus();
    expect(presses).toEqual(['a', 'a']);
  });
});
