import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { chime, useAudioBlocked } from '../../../lib/chime';
import classes from './board.module.css';
import { useModalDialog } from '../hooks/use-modal-dialog';

export const SOUND_OFF_WARNING = 'som desativado: o navegador bloqueou o áudio deste painel. Toque em "Testar som" para liberar.';

/**
 * The start-monitoring dialog (spec 000 §2), shown first. Its click is the user gesture that
 * unlocks audio; the board then turns on the chime and the screen wake lock. The board is live
 * (stream, catch-up, polling) whether or not this was clicked. Its button says "Iniciar
 * monitoramento", never a bare "Iniciar", which is the card action that starts preparing an order.
 *
 * A native modal <dialog> (focus kept inside, Escape closes, the page behind inert): it shows on
 * the board's first paint, so it must not bring a modal library with it.
 */
export function StartMonitoringDialog({ opened, onStart, onClose }: { opened: boolean; onStart: () => void; onClose: () => void }) {
  const blocked = useAudioBlocked();
  const [testing, setTesting] = useState(false);
  const dialog = useModalDialog(opened, onClose);
  const test = async () => {
    setTesting(true);
    try {
      await chime.unlock();
      chime.play();
    } finally {
      setTesting(false);
    }
  };
  const start = () => {
    void chime.unlock();
    onStart();
  };
  return (
    <dialog {...dialog} className={classes.nativeDialog} aria-labelledby="start-monitoring-title">
      <div className={classes.nativeDialogHeader}>
        <h2 id="start-monitoring-title" className={classes.nativeDialogTitle}>
          Iniciar monitoramento
        </h2>
        <button type="button" className={classes.nativeDialogClose} aria-label="Fechar" onClick={onClose}>
          ×
        </button>
      </div>
      <Text size="lg" mb="sm">
        O painel já mostra os pedidos ao vivo. Ao iniciar o monitoramento, ele também:
      </Text>
      <ul className={classes.nativeDialogList}>
        <li>ativa o som de novos pedidos (repetido até alguém abrir ou aceitar o pedido);</li>
        <li>mantém a tela acesa enquanto estiver aberto.</li>
      </ul>
      {blocked && (
        <div role="alert" className={classes.nativeDialogAlert} data-testid="sound-blocked">
          <strong>Som desativado</strong>
          <div>{SOUND_OFF_WARNING}</div>
        </div>
      )}
      <Group justify="flex-end" gap="md">
        <Button variant="default" size="lg" onClick={test} loading={testing}>
          Testar som
        </Button>
        <Button size="xl" onClick={start} autoFocus>
          Iniciar monitoramento
        </Button>
      </Group>
    </dialog>
  );
}
