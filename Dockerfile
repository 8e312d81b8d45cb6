# The app image: API, workers and the built SPA in one process (scale with more replicas; `node dist/server/worker.js`
# runs the workers alone). Node is the current LTS; the build stage has every dependency, the image only the
# production ones, the compiled server and the files it reads at run time.
ARG NODE_IMAGE=node:26-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The SPA (dist/client) and the server, the worker and the operator's commands (dist/server, dist/scripts).
RUN npm run build

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# Read at run time, from the project folder: the SQL migrations, the buyers' and premium files, the archive's first
# letters (Markdown).
COPY migrations ./migrations
COPY assets ./assets
COPY server/features/newsletter/seed ./server/features/newsletter/seed
# The embedded database and the mail outbox live under DATA_DIR (.data) when no DATABASE_URL / SMTP_URL is given.
RUN mkdir .data && chown node:node .data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1's command (not npm): SIGTERM from `docker stop` reaches the server, which closes in order.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
