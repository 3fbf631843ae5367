import { ORDER_MSG, type BoardAction } from '../../../../shared/orders';

/** Button text of each card action (spec 000 §2 and §4 where it names them). */
export const ACTION_LABEL: Record<BoardAction, string> = {
  acceptOrder: 'Aceitar',
  refuseOrder: 'Recusar',
  startOrder: 'Iniciar',
  transportOrder: 'Transportar',
  readyToPickup: 'Pedido pronto',
  deliverOrder: 'Finalizar',
  receivedOrder: 'Recebido',
  returnedOrder: 'Devolver',
  callCourier: ORDER_MSG.callCourier,
  callingCourier: ORDER_MSG.callingCourier,
  seeDelivery: ORDER_MSG.seeDelivery,
  changeCarrier: 'Trocar transportador',
  chooseDelivery: ORDER_MSG.deliveryChoiceTitle,
  resendToPrinter: ORDER_MSG.printerResend,
};

/** Actions that undo or end an order badly: drawn in red. */
export const DANGER_ACTIONS: ReadonlySet<BoardAction> = new Set(['refuseOrder', 'returnedOrder']);
