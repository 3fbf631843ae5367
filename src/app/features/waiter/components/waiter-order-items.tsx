/** An order's items as the waiter reads them: quantity and name, each note with its options, then the order's note. */
import { Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { WaiterOrder } from '../../../../shared/contract/waiter';

export function WaiterOrderItems({ order: o, id, style }: { order: WaiterOrder; id?: string; style?: CSSProperties }) {
  return (
    <Stack gap={2} component="ul" id={id} style={{ listStyle: 'none', padding: 0, margin: 0, ...style }}>
      {o.Itens.map((i, n) => (
        <li key={n}>
          <Text fw={600}>
            {i.Quantidade}x {i.NomeProduto}
          </Text>
          {i.Observacoes.map((ob, k) => (
            <Text key={k} size="sm" c="orange.9">
              {ob.Opcoes.length ? `${ob.Descricao}: ${ob.Opcoes.join(', ')}` : ob.Descricao}
            </Text>
          ))}
        </li>
      ))}
      {o.ObservacaoPedido ? (
        <li>
          <Text size="sm" fw={600} c="orange.9">
            Obs. do pedido: {o.ObservacaoPedido}
          </Text>
        </li>
      ) : null}
    </Stack>
  );
}
