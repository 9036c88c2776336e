# The production image: `npm run build` in a build stage, then only the compiled server, the
# built site and the server's production dependencies, run with plain node as `npm run start:prod`
# does. server/test/deploy/deployment.test.ts runs these same commands (there is no container
# engine on the build machines, so the image itself is not built there).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/api-client/package.json packages/api-client/
COPY packages/admin-ui/package.json packages/admin-ui/
COPY server/package.json server/
COPY site/package.json site/
COPY admin-desktop/package.json admin-desktop/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/api-client/package.json packages/api-client/
COPY packages/admin-ui/package.json packages/admin-ui/
COPY server/package.json server/
COPY site/package.json site/
COPY admin-desktop/package.json admin-desktop/
# The server's own dependencies only: no build tools, no UI libraries, no embedded PostgreSQL.
RUN npm ci --omit=dev --workspace @workshop/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/site/dist site/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
