/** npm run demo:orders -- --url <server> [--count N]: places realistic orders (built with the order board). */
console.error('demo:orders ainda não foi implementado.');
process.exit(1);
