# One image for both roles of compose.yaml: the HTTP server (`npm run server`) and the queue worker
# (`npm run worker`). The server runs the TypeScript sources with tsx (no server build step) and serves the web
# app built here into ./dist.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    STATIC_DIR=/app/dist \
    # Two malloc arenas, and photo buffers from mmap: glibc otherwise keeps a burst's freed pixel memory
    # (README, memory budget).
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 8080
CMD ["node", "--import", "tsx", "server/index.ts"]
