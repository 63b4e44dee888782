# Production image: builds the api bundle and the three SPAs, then runs one stateless api process.
# Scale-out: run N replicas with DATABASE_URL, REDIS_URL and S3 storage set (see deploy/).
FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm install --global pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile \
  && pnpm exec turbo run build --filter=@cadence/api --filter=@cadence/player --filter=@cadence/admin --filter=@cadence/backstage \
  && pnpm --filter @cadence/api deploy --prod --legacy /out/api \
  && mkdir -p /out/apps && cp -r apps/player/dist /out/apps/player-dist && cp -r apps/admin/dist /out/apps/admin-dist \
  && cp -r apps/backstage/dist /out/apps/backstage-dist

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data STATIC_DIR=/app/apps
WORKDIR /app
COPY --from=build /out/api /app/apps/api
COPY --from=build /out/apps/player-dist /app/apps/player/dist
COPY --from=build /out/apps/admin-dist /app/apps/admin/dist
COPY --from=build /out/apps/backstage-dist /app/apps/backstage/dist
VOLUME /data
EXPOSE 3000
USER node
CMD ["node", "apps/api/dist/server.js"]
