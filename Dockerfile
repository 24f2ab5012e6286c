# syntax=docker/dockerfile:1
# Draftsmith in one image: the built server and web app on Node 24, run as the unprivileged `node`
# user, its data in the /data volume. compose.yaml runs three of these behind nginx (README,
# "Scaling out"); alone: docker run -p 3000:3000 -v draftsmith-data:/data <image>.

# Build: every dependency (the build tools are dev dependencies), then dist/ (server and web app).
# `npm install`, not `npm ci`: .ci/run says why.
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies alone, for the runtime image.
FROM node:24-bookworm AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund

# Runtime: dist/, production node_modules and package.json (the version it reports); nothing else.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# /data: the instance's own data (embedded database unless DATABASE_URL, models, outbox, auth secret
# unless BETTER_AUTH_SECRET). /uploads: where a volume shared by every instance is mounted
# (UPLOADS_DIR=/uploads, as compose.yaml does); owned by `node` so a new volume is too.
RUN mkdir -p /data /uploads && chown node:node /data /uploads
USER node
VOLUME /data
EXPOSE 3000
# The slim image has no curl: Node asks /api/health (503 while the server drains on SIGTERM).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains: running generations may finish within SHUTDOWN_GRACE_MS (30 s); give
# `docker stop -t`/compose's stop_grace_period more than that.
# The Node flags are npm start's (package.json; ADR 0023: a small young generation, PGlite's WebAssembly
# compiled once by the baseline compiler); tests/node-flags.test.ts keeps the two the same.
CMD ["node", "--max-semi-space-size=8", "--liftoff-only", "dist/server/server.js"]
