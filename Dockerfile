# Production-like image for the api and the worker (docker-compose.yml).
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY server/package.json server/
COPY web/package.json web/
# Exactly the committed lock, devDependencies included: the build below needs them.
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN node scripts/prisma-generate.mjs \
 && npx tsc -b packages/rules \
 && npm run build -w @paddock/server \
 && npm run build -w @paddock/web \
 && npm prune --omit=dev

FROM node:26-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg poppler-utils imagemagick ghostscript \
    libreoffice-writer-nogui libreoffice-impress-nogui libreoffice-calc-nogui \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# The code stays root's; only BLOB_DIR (.data/blobs, tus uploads below it) is the node user's, and a
# named volume mounted there starts with this ownership.
RUN mkdir -p /app/.data/blobs && chown -R node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
