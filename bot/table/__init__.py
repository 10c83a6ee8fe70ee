"""The table service's modules: one job each, driven by :class:`bot.table.service.TableService`.

One transport-free service that both the Discord adapter and the terminal table drive; adapters
only translate (a slash command or a typed line in, :mod:`bot.table.outputs` data out).

How it works
------------
* **One table per channel.** A lobby (seats in SQLite), at most one running game, and an
  in-memory cache of the running game's state. The game and its options are chosen at
  ``join``, ``set_options`` or ``start`` and stored with the lobby; seat limits, grammar,
  texts, images and AI levels come from the game's registration (:mod:`engine.registry`).
* **A move** goes: the engine's parser (unknown command / malformed arguments), whose decision
  it is (not your decision, and whose it is), the engine's validation (illegal move, with the
  engine's reason), then ``apply`` on a *clone* of the state, one SQLite transaction
  (:meth:`GameRepository.append_move`, canonical text, unique ``(game, seq)``, idempotency key), and
  only after the commit succeeded the clone replaces the cached state. A crash or exception
  anywhere before the commit leaves the previous state in memory and on disk.
* **AI seats** are ordinary seats; after every accepted move, while an AI seat must decide, its
  policy (:mod:`bot.table.ai_seat`) is asked with that seat's player view only and its answer goes
  through the same validated, committed path (logged with ``user_id`` ``None``).
* **Simultaneous, sealed stages** (:mod:`bot.table.stages`): when several seats must decide
  (``GameState.pending_all``), all are asked at once (``Outcome.decisions``); each answer is its
  own move, a second one is refused (``Code.ALREADY_CHOSEN``), every decision of the stage keeps
  the stage's stale guard (``Decision.opened_at``), AI seats answer as soon as it opens, and the
  engine keeps each answer out of every view and public text until the last one reveals all.
* **Outputs are data.** Each accepted command yields at most one public update for itself (all
  events coalesced) plus one per turn of AI seats that moved after it; the board image is
  attached when a turn ended, the game ended, or the next decision needs a look at the board.
  Event texts meant for one seat, and every change of a player's secret part (his hand, ...:
  the game's ``secret_part``), become private updates for that player.
* **Persistence and restart.** Snapshots every :data:`SNAPSHOT_EVERY` moves and at the start;
  the end compacts the game (snapshots dropped, the final state hash kept, moves packed:
  :mod:`bot.storage.compact`), so :meth:`Restore.verify` replays it from the seed. A
  new process loads a channel lazily on first use: the latest snapshot (its hash checked with
  the engine's ``state_hash``) plus the moves after it, each replayed move checked to
  reproduce its stored canonical text; a channel's last finished game is only replayed from
  its seed (a few ms, checked against its final hash) when its channel is next used.
* **Concurrency.** One ``asyncio.Lock`` per channel serializes that channel's commands;
  engine, storage and rendering work runs in a shared thread pool (optionally rendering in a
  process pool), so one slow render never stalls other channels.
* **Two processes on one database** (e.g. two bot instances). A channel's load reads the record,
  the snapshot and the moves in one read transaction (:meth:`GameRepository.load_channel`), so the
  other process's commits never make it inconsistent. A commit that finds the game moved on
  (``DuplicateMove``/``OutOfOrderMove``) reloads, and so does a refusal that depends on the
  position (stale, already chosen, not your decision, illegal) when the game in memory turns
  out to be behind the file; then the command is checked once more against the fresh game, as
  an answer to the decision it was sent for (its stale guard): the other seat's answer of a
  simultaneous stage arriving through the other process is taken, an answer whose decision is
  gone is refused as stale. Idempotency keys are checked again on every try.

* **Turn timers** (:mod:`bot.table.timers`): after every action the open human decisions'
  deadlines are stored (reminder, timeout, fired-flags); :meth:`Timers.tick`, on the
  service's injectable clock, fires each due one exactly once (also after a restart): a
  reminder, then an AI takeover (``/resume`` gives the seat back) or a pause. The settings
  they run by: :mod:`bot.table.settings`; the vote at a pause: :mod:`bot.table.vote`;
  ``/resume``, ``/kick``, ``/replace``: :mod:`bot.table.seats`; archiving:
  :mod:`bot.table.archiving`. Every handover of a seat to an AI goes through
  :mod:`bot.table.handover`, every end of a game through :mod:`bot.table.teardown`.

Every refusal is returned as ``Outcome(accepted=False, error=..., code=...)`` (see
:class:`bot.table.outputs.Code`), logged, and changes nothing; adapters never see an exception for a
bad command.
"""
