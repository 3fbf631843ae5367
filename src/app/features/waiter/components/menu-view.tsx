/** The venue's catalogue at the table: search, categories, products with photo and price. */
import { Button, Group, Image, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { WaiterMenuResponse, WaiterProduct } from '../../../../shared/contract/waiter';
import { normalizeText } from '../../../../shared/products';
import { brl } from '../../../../shared/waiter';

export function MenuView({ menu, onPick }: { menu: WaiterMenuResponse; onPick: (p: WaiterProduct) => void }) {
  const [q, setQ] = useState('');
  const [cat, setCat] = useState<string | null>(null);
  const list = useMemo(() => {
    const term = normalizeText(q.trim());
    return menu.Produtos.filter((p) => (!cat || p.CategoriaId === cat) && (!term || normalizeText(`${p.Nome} ${p.Descricao}`).includes(term)));
  }, [menu, q, cat]);
  return (
    <Stack gap="sm">
      <TextInput label="Buscar produto" placeholder="Nome do produto" size="lg" value={q} onChange={(e) => setQ(e.currentTarget.value)} type="search" />
      <ScrollArea type="never" aria-label="Categorias">
        <Group gap="xs" wrap="nowrap" pb={4}>
          <Button size="lg" radius="xl" style={{ flexShrink: 0 }} variant={cat === null ? 'filled' : 'outline'} color="orange.9" aria-pressed={cat === null} onClick={() => setCat(null)}>
            Todas
          </Button>
          {menu.Categorias.map((c) => (
            <Button key={c.Id} size="lg" radius="xl" style={{ flexShrink: 0 }} variant={cat === c.Id ? 'filled' : 'outline'} color="orange.9" aria-pressed={cat === c.Id} onClick={() => setCat(c.Id)}>
              {c.Nome}
            </Button>
          ))}
        </Group>
      </ScrollArea>
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          Nenhum produto encontrado
        </Text>
      ) : null}
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((p) => (
          <li key={p.Id}>
            <UnstyledButton onClick={() => onPick(p)} w="100%" data-testid="menu-product">
              <Group wrap="nowrap" gap="sm" mih={72} p={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                <Image src={p.Foto} alt="" w={60} h={60} radius="md" fit="cover" fallbackSrc="/icons/placeholder-product.png" />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={700}>{p.Nome}</Text>
                  {p.Descricao ? (
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {p.Descricao}
                    </Text>
                  ) : null}
                  {p.Adicionais.some((a) => a.Tipo === 2) || p.Observacoes.length ? (
                    <Text size="xs" c="dimmed">
                      Com opções
                    </Text>
                  ) : null}
                </Stack>
                <Text fw={800}>{brl(Math.round(p.Valor * 100))}</Text>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
