/** Orders of the order board (spec 000 §3 "Order (board)"). Owned by the orders module. */
export {};
