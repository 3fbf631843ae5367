/**
 * A product being added at the table: its photo, what it includes, its variable add-ons within
 * their limits (free units shown), its observation groups (one option or several), a note and the
 * quantity; "Adicionar" puts the line in the table's cart. The rules are src/shared/waiter.ts.
 * Memoised: closed, it is a Drawer the waiter page would otherwise re-render on every screen switch.
 */
import { Button, Drawer, Group, Image, Stack, Text, Title } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import type { WaiterProduct } from '../../../../shared/contract/waiter';
import { OBSERVATION_TYPE } from '../../../../shared/products';
import {
  addonUnits,
  brl,
  choosableAddons,
  freeUnits,
  includedAddons,
  lineProblems,
  lineTotalCents,
  newLine,
  setAddonUnits,
  setQuantity,
  toggleOption,
  WAITER_ITEM_NOTE_MAX,
  type CartLine,
} from '../../../../shared/waiter';
import { Stepper } from './stepper';
import { NoteField } from './note-field';

export const ProductSheet = memo(function ProductSheet({ product, onClose, onAdd }: { product: WaiterProduct | null; onClose: () => void; onAdd: (line: CartLine) => void }) {
  const [line, setLine] = useState<CartLine | null>(null);
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => {
    setLine(product ? newLine(product) : null);
    setMessages({});
    setProblems([]);
  }, [product]);
  const p = product;
  const free = p && line ? freeUnits(p, line) : new Map<string, number>();
  const add = () => {
    if (!p || !line) return;
    const found = lineProblems(p, line);
    setProblems(found);
    if (found.length) return;
    onAdd({ ...line, note: line.note.trim() });
  };
  return (
    <Drawer opened={!!p} onClose={onClose} position="bottom" size="92%" title={p?.Nome ?? ''} closeButtonProps={{ 'aria-label': 'Fechar', size: 'xl' }} padding="md">
      {p && line ? (
        <Stack gap="md" pb={90}>
          <Group wrap="nowrap" align="flex-start">
            <Image src={p.Foto} alt="" w={96} h={96} radius="md" fit="cover" fallbackSrc="/icons/placeholder-product.png" />
            <Stack gap={4}>
              <Text fw={800} size="xl">
                {brl(Math.round(p.Valor * 100))}
              </Text>
              {p.Descricao ? <Text size="sm">{p.Descricao}</Text> : null}
              {includedAddons(p).length ? (
                <Text size="sm" c="dimmed">
                  Inclui: {includedAddons(p).map((a) => a.Nome).join(', ')}
                </Text>
              ) : null}
            </Stack>
          </Group>

          {choosableAddons(p).length ? (
            <Stack gap="xs" component="section" aria-labelledby="addons-title">
              <Title order={3} size="h4" id="addons-title">
                Adicionais
              </Title>
              {p.LimiteGratis > 0 ? (
                <Text size="sm" c="dimmed">
                  Até {p.LimiteGratis} {p.LimiteGratis === 1 ? 'adicional grátis' : 'adicionais grátis'} neste produto.
                </Text>
              ) : null}
              {choosableAddons(p).map((a) => {
                const n = addonUnits(line, a);
                const f = free.get(a.Id) ?? 0;
                return (
                  <Stack key={a.Id} gap={2} data-testid="addon-row">
                    <Group justify="space-between" wrap="nowrap">
                      <div>
                        <Text fw={600}>{a.Nome}</Text>
                        <Text size="sm" c="dimmed">
                          + {brl(Math.round(a.Valor * 100))}
                          {a.Maximo > 0 ? ` · até ${a.Maximo}` : ''}
                          {a.Minimo > 0 ? ` · mínimo ${a.Minimo}` : ''}
                          {f > 0 ? ` · ${f} grátis` : ''}
                        </Text>
                      </div>
                      <Stepper
                        label={a.Nome}
                        value={n}
                        min={a.Minimo}
                        max={a.Maximo}
                        onChange={(v) => {
                          const r = setAddonUnits(line, a, v);
                          setLine(r.line);
                          setMessages((m) => ({ ...m, [a.Id]: r.message ?? '' }));
                        }}
                      />
                    </Group>
                    {messages[a.Id] ? (
                      <Text size="sm" c="red.8" role="status">
                        {messages[a.Id]}
                      </Text>
                    ) : null}
                  </Stack>
                );
              })}
            </Stack>
          ) : null}

          {p.Observacoes.map((g) => {
            const chosen = line.options[g.Id] ?? [];
            const exclusive = g.Tipo === OBSERVATION_TYPE.exclusive;
            return (
              <Stack key={g.Id} gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" fw={700} size="lg">
                  {g.Descricao}{' '}
                  <Text span size="sm" c="dimmed" fw={400}>
                    ({exclusive ? 'escolha uma' : 'escolha quantas quiser'})
                  </Text>
                </Text>
                <Group gap="xs">
                  {g.Opcoes.map((o) => {
                    const on = chosen.includes(o.Id);
                    return (
                      <Button
                        key={o.Id}
                        size="lg"
                        variant={on ? 'filled' : 'outline'}
                        color="orange.9"
                        role={exclusive ? 'radio' : 'checkbox'}
                        aria-checked={on}
                        onClick={() => setLine(toggleOption(line, p, g.Id, o.Id))}
                      >
                        {o.Descricao}
                      </Button>
                    );
                  })}
                </Group>
              </Stack>
            );
          })}

          <NoteField
            label="Observação do item"
            description={p.PedirObservacao ? 'Este produto pede uma observação.' : undefined}
            placeholder="Ex.: sem sal, cortar ao meio"
            value={line.note}
            maxLength={WAITER_ITEM_NOTE_MAX}
            onChange={(note) => setLine({ ...line, note })}
          />

          <Group justify="space-between">
            <Text fw={700} size="lg">
              Quantidade
            </Text>
            <Stepper label="quantidade" value={line.quantity} min={1} max={99} onChange={(v) => setLine(setQuantity(line, v))} />
          </Group>

          {problems.length ? (
            <Stack gap={2} role="alert">
              {problems.map((m) => (
                <Text key={m} c="red.8" size="sm">
                  {m}
                </Text>
              ))}
            </Stack>
          ) : null}

          <Button size="xl" color="orange.9" fullWidth onClick={add} style={{ position: 'sticky', bottom: 8 }}>
            Adicionar · {brl(lineTotalCents(p, line))}
          </Button>
        </Stack>
      ) : null}
    </Drawer>
  );
});
