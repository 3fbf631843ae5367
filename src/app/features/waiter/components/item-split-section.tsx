/**
 * The split by items on the waiter's phone (issue 41): each person with their items, their part
 * (items + service), paid or what to pay; the items nobody took; and the editor where the waiter names
 * the people and gives each unit of each line to one or more of them. The split lives on the server
 * (POST …/Conta/DivisaoPorItens), so every phone at the table sees the same one.
 */
import { ActionIcon, Alert, Badge, Box, Button, Chip, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { TableBill } from '../../../../shared/contract/table-bill';
import { itemSplitRequest, type BillItemSplit } from '../../../../shared/contract/table-bill-split';
import { METHOD_LABEL, SPLIT_MAX, type BillMethod } from '../../../../shared/table-bill';
import { ITEM_SPLIT_MSG, itemSplitProblem, mergeEntries, personDefaultName, type ItemSplitEntry } from '../../../../shared/table-bill-split';
import { brl } from '../../../../shared/waiter';

const cents = (reais: number) => Math.round(reais * 100);
type Person = BillItemSplit['Pessoas'][number];

/** A payment of a person's part that this phone queued (offline), not on the server yet. */
export interface QueuedPerson {
  person: number;
  method: BillMethod;
}

export function ItemSplitSection({
  split,
  queued,
  paidMethodOf,
  busy,
  canEdit,
  onEdit,
  payButtons,
}: {
  split: BillItemSplit;
  queued: QueuedPerson[];
  /** The method of the person's paid or waiting payment. */
  paidMethodOf: (person: number) => BillMethod | null;
  busy: boolean;
  canEdit: boolean;
  onEdit: () => void;
  payButtons: (label: string, amountCents: number, person: number) => ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="bill-item-split-title" data-testid="item-split">
      <Title order={2} size="h4" id="bill-item-split-title">
        Divisão por itens
      </Title>
      <Stack gap="md" mt="sm">
        {split.Pessoas.map((p) => {
          const waiting = queued.find((q) => q.person === p.Indice);
          const method = paidMethodOf(p.Indice);
          return (
            <Box key={p.Indice} data-testid="split-person" data-pessoa={p.Indice} component="article" aria-label={p.Nome}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {p.Nome}
                </Text>
                <Text fw={800} data-testid="split-person-amount" style={{ whiteSpace: 'nowrap' }}>
                  {brl(cents(p.Valor))}
                </Text>
              </Group>
              {p.Itens.length ? (
                <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {p.Itens.map((i, n) => (
                    <Text component="li" key={`${i.ItemId}-${n}`} size="sm" c="dimmed">
                      {i.Quantidade}x {i.Nome}
                      {i.DivididoPor > 1 ? ` (dividido por ${i.DivididoPor})` : ''} · {brl(cents(i.Valor))}
                    </Text>
                  ))}
                  <Text component="li" size="sm" c="dimmed">
                    Taxa de serviço · {brl(cents(p.TaxaServico))}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {ITEM_SPLIT_MSG.noItems}
                </Text>
              )}
              <PersonStatus p={p} method={method} waiting={waiting} />
              {p.Situacao === 'aberta' && !waiting && cents(p.Valor) > 0 ? payButtons(p.Nome, cents(p.Valor), p.Indice) : null}
            </Box>
          );
        })}
        {split.SemPessoa.Itens.length ? (
          <Alert color="orange" variant="light" title={`${ITEM_SPLIT_MSG.unassigned} · ${brl(cents(split.SemPessoa.Valor))}`} data-testid="split-unassigned">
            <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {split.SemPessoa.Itens.map((i) => (
                <Text component="li" key={i.ItemId} size="sm">
                  {i.Quantidade}x {i.Nome} · {brl(cents(i.Valor))}
                </Text>
              ))}
            </Stack>
            <Text size="sm" mt={4}>
              {ITEM_SPLIT_MSG.unassignedHint}
            </Text>
          </Alert>
        ) : null}
        <Button size="md" mih={48} fullWidth variant="outline" color="blue.9" disabled={busy || !canEdit} onClick={onEdit}>
          Editar divisão
        </Button>
      </Stack>
    </Paper>
  );
}

function PersonStatus({ p, method, waiting }: { p: Person; method: BillMethod | null; waiting: QueuedPerson | undefined }) {
  if (p.Situacao === 'paga') {
    return (
      <Badge size="lg" mt={4} color="green.9" variant="filled">
        {`Paga · ${method ? METHOD_LABEL[method] : ''}`}
      </Badge>
    );
  }
  if (p.Situacao === 'aguardando') {
    return (
      <Badge size="lg" mt={4} color="gray.8" variant="filled">
        Pix aguardando
      </Badge>
    );
  }
  if (waiting) {
    return (
      <Badge size="lg" mt={4} color="grape.9" variant="filled" data-testid="split-person-queued">
        {`Pendente de envio · ${METHOD_LABEL[waiting.method]}`}
      </Badge>
    );
  }
  return null;
}

/**
 * The editor: people (named, or "Pessoa k") and, for each unit of each line, who takes it (one person,
 * several: shared equally, or nobody yet). A person who paid is fixed: their name, and every unit they
 * take, cannot change here (the server refuses it too).
 */
export function ItemSplitEditor({ bill, opened, busy, onClose, onSave }: { bill: TableBill; opened: boolean; busy: boolean; onClose: () => void; onSave: (doc: { Pessoas: Array<{ Nome: string }>; Itens: ItemSplitEntry[] } | null) => Promise<boolean> }) {
  return (
    <Modal opened={opened} onClose={onClose} title={ITEM_SPLIT_MSG.title} fullScreen>
      {opened ? <EditorBody bill={bill} busy={busy} onSave={onSave} /> : null}
    </Modal>
  );
}

function EditorBody({ bill, busy, onSave }: { bill: TableBill; busy: boolean; onSave: (doc: { Pessoas: Array<{ Nome: string }>; Itens: ItemSplitEntry[] } | null) => Promise<boolean> }) {
  const current = bill.DivisaoPorItens ?? null;
  const lines = bill.Itens.filter((l) => l.ItemId);
  const locked = new Set((current?.Pessoas ?? []).filter((p) => p.Situacao !== 'aberta').map((p) => p.Indice));
  const [names, setNames] = useState<string[]>(() => current?.Pessoas.map((p) => p.Nome) ?? [personDefaultName(1), personDefaultName(2)]);
  // Per line, per unit: who takes it (1-based person indices, ascending).
  const [units, setUnits] = useState<Record<string, number[][]>>(() => {
    const out: Record<string, number[][]> = {};
    for (const l of lines) out[l.ItemId!] = Array.from({ length: l.Quantidade }, () => []);
    let filled: Record<string, number> = {};
    for (const e of current?.Atribuicoes ?? []) {
      const slots = out[e.ItemId];
      if (!slots) continue;
      for (let u = 0; u < e.Quantidade && (filled[e.ItemId] ?? 0) < slots.length; u++) {
        slots[filled[e.ItemId] ?? 0] = [...e.Pessoas].sort((a, b) => a - b);
        filled = { ...filled, [e.ItemId]: (filled[e.ItemId] ?? 0) + 1 };
      }
    }
    return out;
  });
  const [error, setError] = useState<string | null>(null);
  const [nameErrors, setNameErrors] = useState<Record<number, string>>({});

  const canRemove = (k: number) => names.length > 1 && !locked.has(k) && ![...locked].some((l) => l > k);
  const remove = (k: number) => {
    setNames((ns) => ns.filter((_, i) => i !== k - 1));
    setUnits((us) => Object.fromEntries(Object.entries(us).map(([id, slots]) => [id, slots.map((s) => s.filter((x) => x !== k).map((x) => (x > k ? x - 1 : x)))])));
  };
  const toggle = (itemId: string, u: number, chosen: string[]) =>
    setUnits((us) => ({ ...us, [itemId]: us[itemId].map((s, i) => (i === u ? chosen.map(Number).sort((a, b) => a - b) : s)) }));

  const save = async () => {
    const doc = {
      Pessoas: names.map((Nome) => ({ Nome })),
      Itens: mergeEntries(lines.flatMap((l) => units[l.ItemId!].filter((s) => s.length).map((s) => ({ ItemId: l.ItemId!, Quantidade: 1, Pessoas: s })))),
    };
    // The schema the server validates with, then the rules against the bill's lines.
    const r = itemSplitRequest.safeParse({ localId: 'x', Divisao: doc });
    if (!r.success) {
      const issue = r.error.issues[0];
      const [, , key, idx] = issue?.path ?? [];
      if (key === 'Pessoas' && typeof idx === 'number') setNameErrors({ [idx + 1]: issue.message });
      setError(issue?.message ?? ITEM_SPLIT_MSG.peopleInvalid);
      return;
    }
    const problem = itemSplitProblem(
      lines.map((l) => ({ itemId: l.ItemId!, name: l.Nome, quantity: l.Quantidade, unitCents: cents(l.ValorUnitario) })),
      r.data.Divisao!,
    );
    if (problem) {
      setError(problem.message);
      return;
    }
    setError(null);
    await onSave(r.data.Divisao);
  };

  return (
    <Stack gap="md" pb={96}>
      <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="split-people-title">
        <Title order={2} size="h4" id="split-people-title" mb="xs">
          Pessoas
        </Title>
        <Stack gap="xs">
          {names.map((n, i) => {
            const k = i + 1;
            return (
              <Group key={k} wrap="nowrap" align="flex-end" gap="xs">
                <TextInput
                  style={{ flex: 1 }}
                  size="md"
                  label={`Nome da pessoa ${k}`}
                  value={n}
                  disabled={locked.has(k)}
                  error={nameErrors[k]}
                  maxLength={60}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setNames((ns) => ns.map((x, j) => (j === i ? v : x)));
                    setNameErrors({});
                  }}
                />
                <ActionIcon size={48} variant="outline" color="red.9" aria-label={`Remover ${n || personDefaultName(k)}`} disabled={!canRemove(k)} onClick={() => remove(k)}>
                  <span aria-hidden>×</span>
                </ActionIcon>
              </Group>
            );
          })}
          <Button size="md" mih={48} variant="outline" color="blue.9" disabled={names.length >= SPLIT_MAX} onClick={() => setNames((ns) => [...ns, personDefaultName(ns.length + 1)])}>
            Adicionar pessoa
          </Button>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="split-items-title">
        <Title order={2} size="h4" id="split-items-title">
          Quem consumiu cada item
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Marque uma pessoa, ou várias para dividir o item igualmente entre elas.
        </Text>
        <Stack gap="sm">
          {lines.map((l) =>
            units[l.ItemId!].map((chosen, u) => {
              const label = l.Quantidade > 1 ? `${l.Nome} · unidade ${u + 1} de ${l.Quantidade}` : l.Nome;
              const fixed = chosen.some((k) => locked.has(k));
              return (
                <Box key={`${l.ItemId}-${u}`} component="fieldset" data-testid="split-unit" style={{ border: 0, padding: 0, margin: 0 }}>
                  <Group justify="space-between" wrap="nowrap" component="legend" style={{ width: '100%' }}>
                    <Text fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
                      {label}
                    </Text>
                    <Text fw={600} component="span" style={{ whiteSpace: 'nowrap' }}>
                      {brl(cents(l.ValorUnitario))}
                    </Text>
                  </Group>
                  <Chip.Group multiple value={chosen.map(String)} onChange={(v) => toggle(l.ItemId!, u, v)}>
                    <Group gap={6} mt={4}>
                      {names.map((n, i) => (
                        <Chip key={i} value={String(i + 1)} size="md" color="blue.9" variant="outline" disabled={fixed || locked.has(i + 1)}>
                          {n || personDefaultName(i + 1)}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                </Box>
              );
            }),
          )}
        </Stack>
      </Paper>

      {error ? (
        <Alert color="red" title="Não foi possível salvar a divisão" data-testid="split-error">
          <Text size="sm">{error}</Text>
        </Alert>
      ) : null}

      <Box p="sm" style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 210, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group grow>
          {current && locked.size === 0 ? (
            <Button size="lg" variant="outline" color="red.9" disabled={busy} onClick={() => void onSave(null)}>
              Desfazer divisão
            </Button>
          ) : null}
          <Button size="lg" color="blue.9" loading={busy} onClick={() => void save()}>
            Salvar divisão
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}
