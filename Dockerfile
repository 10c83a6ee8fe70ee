# The Canalside Discord bot: `docker build -t canalside-bot .`, then
#   docker run -d --name canalside -e DISCORD_TOKEN=... -v venezia-data:/data canalside-bot
# (or --env-file .env). The SQLite database lives on the /data volume. See docs/discord.md.
FROM python:3.11-slim

# uv, pinned, only to install the locked dependencies.
COPY --from=ghcr.io/astral-sh/uv:0.13.9 /uv /uvx /bin/

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/app/.venv

WORKDIR /app

# Dependencies exactly as locked (a layer that stays cached while uv.lock is unchanged).
COPY pyproject.toml uv.lock README.md ./
RUN uv sync --frozen --no-dev --no-install-project

# The project: engine, renderer (its fonts are bundled in render/common/fonts: nothing to install),
# the chat presentation, bot, and the board data.
COPY engine ./engine
COPY render ./render
COPY chat ./chat
COPY bot ./bot
COPY data ./data
RUN uv sync --frozen --no-dev

# Run as an unprivileged user with a fixed uid and gid (numeric, so the host and Kubernetes'
# runAsNonRoot can tell it is not root: hadolint DL3066); only /data is writable for it.
RUN groupadd --gid 10001 canalside \
    && useradd --create-home --uid 10001 --gid 10001 canalside \
    && mkdir -p /data \
    && chown 10001:10001 /data
USER 10001:10001

ENV PATH="/app/.venv/bin:$PATH" \
    CANALSIDE_DB=/data/venezia.sqlite3
VOLUME ["/data"]

# discord.py shuts down cleanly on SIGINT (every move is committed to SQLite anyway).
STOPSIGNAL SIGINT
CMD ["canalside", "bot"]
