/** The marketplace store on the board: the "store closed" notice with its "Sim" (open it) and the status modal's open/close. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { KdsListResponse, MarketplaceStatus } from '../../../../shared/contract/orders';
import { ORDER_MSG } from '../../../../shared/orders';
import { errorText } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { setMarketplaceStoreOpen } from '../api/order-api';
import { fetchOrderList, orderQueries } from '../api/order-queries';
import type { ListFilters } from '../model/board-filters';

export function useStoreStatus(localId: string, market: MarketplaceStatus | undefined, listFilters: ListFilters) {
  const qc = useQueryClient();
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const [opening, setOpening] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const [toggling, setToggling] = useState(false);
  const closed = !!market && market.ifoodIntegration && market.isOpenTime && !market.isActive && !noticeDismissed;
  const openStore = async () => {
    setOpening(true);
    try {
      // "Sim" reloads the board with shouldOpenStore (spec 000 §4).
      const data = await fetchOrderList(localId, listFilters, { shouldOpenStore: true });
      qc.setQueryData<KdsListResponse>(orderQueries.list(localId, listFilters).queryKey, data);
      await qc.invalidateQueries({ queryKey: orderQueries.marketplace(localId).queryKey });
      setNoticeDismissed(true);
    } catch (err) {
      void toastError(errorText(err, ORDER_MSG.listError));
    } finally {
      setOpening(false);
    }
  };
  const toggleStore = async (open: boolean) => {
    setToggling(true);
    try {
      await setMarketplaceStoreOpen(localId, open);
      void toastSuccess(open ? 'Loja aberta com sucesso!' : 'Loja fechada com sucesso!');
      await qc.invalidateQueries({ queryKey: orderQueries.marketplace(localId).queryKey });
    } catch {
      void toastError(open ? 'Falha ao abrir loja!' : 'Falha ao fechar loja!');
    } finally {
      setToggling(false);
    }
  };
  return { closed, opening, modalOpen, setModalOpen, toggling, openStore, toggleStore, dismissNotice: () => setNoticeDismissed(true) };
}
