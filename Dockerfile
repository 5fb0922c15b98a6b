# Production image of the app: one Node process serving the API, realtime and the built web app.
#   docker build -t rencontre .
# Stage 1 installs everything and builds the web app; stage 2 keeps the production dependencies
# only, runs as the unprivileged `node` user and checks /api/health.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages packages
# The map's tile server is baked into the web app; the server's MAP_TILE_URL must match it.
ARG VITE_MAP_TILE_URL=https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png
ENV VITE_MAP_TILE_URL=$VITE_MAP_TILE_URL
RUN npm run build --workspace @app/web

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST=/app/packages/web/dist
WORKDIR /app
# pg_dump and pg_restore for `npm run backup` / `npm run restore` on PostgreSQL: Debian bookworm's
# client is version 15, the version of deploy/compose.yaml's database and of CI's (pg_dump
# refuses a newer server).
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
# The web app's dependencies are built into dist: only the server's and the shared ones run here.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @app/server --workspace @app/shared \
      --include-workspace-root=false \
    && npm cache clean --force
COPY packages/shared/src packages/shared/src
COPY packages/server/src packages/server/src
COPY packages/server/tsconfig.json packages/server/
COPY tsconfig.base.json ./
COPY --from=build /app/packages/web/dist packages/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
WORKDIR /app/packages/server
CMD ["node", "--import", "tsx", "src/main.ts"]
