# Production image for the api and the worker (docker-compose.yml). NODE_IMAGE swaps the official
# Node image for the locally built one where no registry is reachable (scripts/images.mjs).
ARG NODE_IMAGE=node:26-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY docker/build-ca/ /tmp/build-ca/
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY server/package.json server/
COPY web/package.json web/
# Exactly the committed lock, devDependencies included: the build below needs them. A CA bundle
# scripts/images.mjs put in docker/build-ca reaches npm here only, never the final image.
RUN if [ -s /tmp/build-ca/ca.crt ]; then export NODE_EXTRA_CA_CERTS=/tmp/build-ca/ca.crt; fi \
 && npm ci --include=dev --no-audit --no-fund
COPY . .
RUN node scripts/prisma-generate.mjs \
 && npx tsc -b packages/rules \
 && npm run build -w @paddock/server \
 && npm run build -w @paddock/web \
 && npm prune --omit=dev \
 && rm -rf docker/build-ca

FROM ${NODE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg poppler-utils imagemagick ghostscript opencv-data \
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
