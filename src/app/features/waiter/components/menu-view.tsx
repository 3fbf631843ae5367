/**
 * The venue's catalogue at the table: search, category chips, and the dishes grouped under their
 * category (add-ons are chosen inside their dish, so the server leaves them out of this list).
 */
import { Button, Group, Image, ScrollArea, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { WaiterMenuResponse, WaiterProduct } from '../../../../shared/contract/waiter';
import { normalizeText } from '../../../../shared/products';
import { brl } from '../../../../shared/waiter';

/** Heading of the products that have no category (or one the menu does not list). */
export const UNCATEGORISED = 'Outros';

export interface MenuSection {
  id: string;
  name: string;
  products: WaiterProduct[];
}

/** The products that match the search and the chosen category, in sections by category (the menu's category order, then "Outros"). */
export function menuSections(menu: WaiterMenuResponse, query: string, categoryId: string | null): MenuSection[] {
  const term = normalizeText(query.trim());
  const matches = menu.Produtos.filter((p) => (!categoryId || p.CategoriaId === categoryId) && (!term || normalizeText(`${p.Nome} ${p.Descricao}`).includes(term)));
  const known = new Set(menu.Categorias.map((c) => c.Id));
  const sections: MenuSection[] = menu.Categorias.map((c) => ({ id: c.Id, name: c.Nome, products: matches.filter((p) => p.CategoriaId === c.Id) }));
  sections.push({ id: '', name: UNCATEGORISED, products: matches.filter((p) => !p.CategoriaId || !known.has(p.CategoriaId)) });
  return sections.filter((s) => s.products.length > 0);
}

export function MenuView({ menu, onPick }: { menu: WaiterMenuResponse; onPick: (p: WaiterProduct) => void }) {
  const [q, setQ] = useState('');
  const [cat, setCat] = useState<string | null>(null);
  const sections = useMemo(() => menuSections(menu, q, cat), [menu, q, cat]);
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
      {sections.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          Nenhum produto encontrado
        </Text>
      ) : null}
      {sections.map((s) => (
        <Stack key={s.id || 'outros'} gap={4} component="section" aria-labelledby={`menu-cat-${s.id || 'outros'}`} data-testid="menu-section">
          <Title order={2} size="h4" id={`menu-cat-${s.id || 'outros'}`} mt="xs">
            {s.name}
          </Title>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {s.products.map((p) => (
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
                    <Text fw={800} style={{ whiteSpace: 'nowrap' }}>
                      {brl(Math.round(p.Valor * 100))}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
