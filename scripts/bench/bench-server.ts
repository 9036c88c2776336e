/**
 * The server the checkout benches buy from: development (the built-in provider sandbox, nothing
 * leaves the machine), any port, on `databaseUrl`. Every bench buyer comes from one address, so
 * the per-address limits it does not measure are lifted (the per-network cap on unpaid checkouts
 * would refuse all but three).
 */
export async function startCheckoutBenchServer(databaseUrl: string, env: Record<string, string> = {}) {
  const { loadConfig, startServer } = await import('../../server/src/index');
  return startServer(
    loadConfig({
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '20',
      RATE_LIMIT_FORMS_MAX: '100000000',
      HOLDS_PER_IP: '100000',
      RATE_LIMIT_CALLBACK_MAX: '100000000',
      ...env,
    }),
  );
}
