/**
 * The browser refused to play the chime (a reloaded tablet nobody has touched yet, a tablet woken
 * from sleep): the whole board is covered by one button, "Toque para reativar o som". The tap (or a
 * bump bar's Enter) is the gesture the browser waits for. Meanwhile new tickets flash on the board
 * behind it, and the overlay shows through enough to see them.
 */
import { useEffect, useRef } from 'react';
import classes from './sound-overlay.module.css';

export const SOUND_OVERLAY_TEXT = 'Toque para reativar o som';

export function SoundOverlay({ waiting, onTap }: { waiting: number; onTap: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  // Focused, so a bump bar's Enter brings the sound back too.
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <button ref={ref} type="button" className={classes.overlay} onClick={onTap} data-testid="sound-overlay">
      <span className={classes.title}>{SOUND_OVERLAY_TEXT}</span>
      <span className={classes.detail}>som desativado: o navegador bloqueou o áudio deste painel até alguém tocar na tela.</span>
      {waiting > 0 && <span className={classes.waiting}>{waiting === 1 ? '1 pedido aguardando' : `${waiting} pedidos aguardando`}</span>}
    </button>
  );
}
