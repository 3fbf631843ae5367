import classes from './bill-lines.module.css';

/**
 * One figure of a bill (Subtotal, Taxa de serviço, Total…): the label left, the amount right on one
 * line. Plain elements (bill-lines.module.css) with Mantine's sizes: it is on the bill's first paint.
 */
export function BillRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? `${classes.figure} ${classes.strong}` : classes.figure}>
      <p>{label}</p>
      <p data-testid={testId}>{value}</p>
    </div>
  );
}
