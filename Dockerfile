# Production-like image for the api and the worker (docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY server/package.json server/
COPY web/package.json web/
# npm install with the committed lock (scripts/lib.mjs says why not npm ci).
RUN npm install --no-audit --no-fund
COPY . .
RUN node scripts/prisma-generate.mjs \
 && npx tsc -b packages/rules \
 && npm run build -w @paddock/server \
 && npm run build -w @paddock/web \
 && npm prune --omit=dev

FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg poppler-utils imagemagick ghostscript \
    libreoffice-writer-nogui libreoffice-impress-nogui libreoffice-calc-nogui \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
