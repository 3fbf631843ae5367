import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { hasAccess, UNLOCK_ADMIN_PARAMETERS } from '../../../../shared/roles';
import { isSchool } from '../../../../shared/food-config';
import { foodConfigQueries } from '../api/food-config-api';
import { AddressForm } from './address-form';
import { BillSettingsSection } from './bill-settings-form';
import { FoodConfigForm } from './food-config-form';
import { useSession } from '../../../lib/page-hooks';

/** /meepFood/configuracao (role MeepFoodConfiguration): the storefront, delivery and address. */
export function FoodConfigPage() {
  const session = useSession();
  const place = session?.currentLocation;
  if (!session || !place) {
    return <Text>Você ainda não está vinculado a nenhum estabelecimento.</Text>;
  }
  const canUnlock = hasAccess(session.roles, UNLOCK_ADMIN_PARAMETERS);
  // Keyed by place: switching place starts a fresh form with that place's values.
  return <FoodConfigScreen key={place.localId} localId={place.localId} placeName={place.nomeLocal} school={isSchool(place.tipo)} canUnlock={canUnlock} />;
}

function FoodConfigScreen({ localId, placeName, school, canUnlock }: { localId: string; placeName: string; school: boolean; canUnlock: boolean }) {
  const config = useQuery(foodConfigQueries.config(localId));
  const address = useQuery(foodConfigQueries.address(localId));
  return (
    <Stack maw={960}>
      <div>
        <Title order={1} size="h2">
          Configuração do Meep Food
        </Title>
        <Text c="dimmed">{placeName}</Text>
      </div>
      {config.isPending && (
        <Stack data-testid="food-config-loading">
          <Skeleton h={36} />
          <Skeleton h={220} />
          <Skeleton h={220} />
        </Stack>
      )}
      {config.isError && (
        <Alert color="red" title="Não foi possível carregar a configuração.">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{config.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void config.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
      )}
      {config.data && (
        <>
          {!config.data.configured && (
            <Alert color="blue">Esta loja ainda não foi configurada. Preencha os campos e salve para publicá-la.</Alert>
          )}
          <FoodConfigForm initial={(({ configured: _c, ...rest }) => rest)(config.data)} canUnlock={canUnlock} school={school} />
        </>
      )}
      {address.isPending && <Skeleton h={200} />}
      {address.isError && <Alert color="red">Não foi possível carregar o endereço.</Alert>}
      {address.data && <AddressForm localId={localId} initial={address.data} canUnlock={canUnlock} />}
      {!school && <BillSettingsSection localId={localId} />}
    </Stack>
  );
}
