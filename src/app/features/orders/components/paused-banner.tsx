/**
 * Automatic refresh off is never silent: under the bar, at every width, one line says so, counts the
 * live changes it holds back (updated as each arrives) and resumes in one tap.
 */
import classes from './board-banners.module.css';

export function missedText(n: number): string {
  return n === 1 ? '1 alteração não exibida' : `${n} alterações não exibidas`;
}

export function PausedBanner({ missed, onResume }: { missed: number; onResume: () => void }) {
  const text = `Atualização pausada${missed > 0 ? `: ${missedText(missed)}` : ''}`;
  return (
    <div className={classes.line} data-tone="orange" data-testid="paused-bar">
      <span className={classes.text} title={text}>
        <strong>Atualização pausada</strong>
        {missed > 0 && (
          <>
            {': '}
            <span data-testid="missed-count" aria-live="polite">
              {missedText(missed)}
            </span>
          </>
        )}
      </span>
      <button type="button" className={classes.action} data-primary onClick={onResume}>
        Retomar
      </button>
    </div>
  );
}
