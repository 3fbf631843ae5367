/** The order before it goes to the kitchen: lines with their choices, quantities, notes and the total; every problem at once. */
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { WaiterMenuResponse } from '../../../../shared/contract/waiter';
import { brl, lineDetails, lineProblems, lineTotalCents, productById, setQuantity, WAITER_ORDER_NOTE_MAX, type Cart } from '../../../../shared/waiter';
import { Stepper } from './stepper';
import { NoteField } from './note-field';

export function ReviewView({ menu, cart, problems, onChange }: { menu: WaiterMenuResponse; cart: Cart; problems: string[]; onChange: (update: (c: Cart) => Cart) => void }) {
  return (
    <Stack gap="sm">
      {problems.length ? (
        <Alert color="red" title="Confira o pedido" role="alert">
          <Stack gap={2}>
            {problems.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {cart.lines.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          Nenhum item no pedido
        </Text>
      ) : null}
      {cart.lines.map((l) => {
        const p = productById(menu, l.productId);
        const issues = lineProblems(p, l);
        return (
          <Paper key={l.key} withBorder p="sm" radius="md" data-testid="cart-line">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700}>{p?.Nome ?? 'Produto indisponível'}</Text>
                {p
                  ? lineDetails(p, l).map((d) => (
                      <Text key={d} size="sm" c="orange.9">
                        {d}
                      </Text>
                    ))
                  : null}
              </Stack>
              <Text fw={800}>{p ? brl(lineTotalCents(p, l)) : '—'}</Text>
            </Group>
            {issues.map((m) => (
              <Text key={m} size="sm" c="red.8">
                {m}
              </Text>
            ))}
            <Group justify="space-between" mt="xs">
              <Stepper
                label={`quantidade de ${p?.Nome ?? 'item'}`}
                value={l.quantity}
                min={1}
                max={99}
                onChange={(v) => onChange((c) => ({ ...c, lines: c.lines.map((x) => (x.key === l.key ? setQuantity(x, v) : x)) }))}
              />
              <Button size="lg" variant="default" c="red.9" onClick={() => onChange((c) => ({ ...c, lines: c.lines.filter((x) => x.key !== l.key) }))}>
                Remover
              </Button>
            </Group>
          </Paper>
        );
      })}
      <NoteField label="Observação do pedido" placeholder="Ex.: servir as bebidas antes" value={cart.note} maxLength={WAITER_ORDER_NOTE_MAX} onChange={(note) => onChange((c) => ({ ...c, note }))} />
    </Stack>
  );
}
