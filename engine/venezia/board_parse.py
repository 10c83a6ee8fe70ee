"""Parsing and validating board data (spec V-B): every board rule is checked on load, and a
broken file raises BoardError naming the offending hex, site or space and the rule.
"""

from __future__ import annotations

import math
import re
from typing import Any

from engine.venezia.board_model import (
    AXIAL_DIRECTIONS,
    BORDER_DISTANCE,
    DISTRICT_COUNT,
    HEX_KINDS,
    JUNCTION_SPACES,
    MIN_BRIDGE_SITES,
    Board,
    BoardError,
    BridgeSite,
    Hex,
    Prebuilt,
    TrackSpace,
    _point_distance,
    axial_round,
    hex_distance,
)

_TOP_KEYS = frozenset({"name", "orientation", "districts", "hexes", "prebuilt", "bridges", "track"})
_DISTRICT_KEYS = frozenset({"id", "name"})
_HEX_KEYS = frozenset({"label", "district", "q", "r", "kind"})
_PREBUILT_KEYS = frozenset({"type", "hexes"})
_BRIDGE_KEYS = frozenset({"hexes"})
_TRACK_KEYS = frozenset({"space", "x", "y", "borders"})
_LABEL_RE = re.compile(r"^([A-Z])([1-9][0-9]*)$")


# --- validation -------------------------------------------------------------------------------


def _check_keys(obj: Any, required: frozenset[str], where: str, rule: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise BoardError(f"{rule}: {where} must be a JSON object, got {type(obj).__name__}")
    missing = sorted(required - obj.keys())
    if missing:
        raise BoardError(f"{rule}: {where} is missing key(s) {', '.join(missing)}")
    unknown = sorted(k for k in obj if k not in required and not k.startswith("_"))
    if unknown:
        raise BoardError(f"{rule}: {where} has unknown key(s) {', '.join(unknown)}")
    return obj


def _as_list(value: Any, where: str, rule: str) -> list[Any]:
    if not isinstance(value, list):
        raise BoardError(f"{rule}: {where} must be a list")
    return value


def _as_int(value: Any, where: str, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardError(f"{rule}: {where} must be an integer, got {value!r}")
    return value


def _as_float(value: Any, where: str, rule: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BoardError(f"{rule}: {where} must be a finite number, got {value!r}")
    return float(value)


def _as_str(value: Any, where: str, rule: str) -> str:
    if not isinstance(value, str) or not value:
        raise BoardError(f"{rule}: {where} must be a non-empty string, got {value!r}")
    return value


def _parse_districts(raw: Any) -> dict[str, str]:
    districts: dict[str, str] = {}
    for i, item in enumerate(_as_list(raw, "districts", "V-B1")):
        d = _check_keys(item, _DISTRICT_KEYS, f"district #{i}", "V-B1")
        did = _as_str(d["id"], f"district #{i} id", "V-B1")
        if not re.fullmatch(r"[A-Z]", did):
            raise BoardError(f"V-B1: district id {did!r} must be one capital letter")
        if did in districts:
            raise BoardError(f"V-B1: duplicate district id {did!r}")
        districts[did] = _as_str(d["name"], f"district {did} name", "V-B1")
    if len(districts) != DISTRICT_COUNT:
        raise BoardError(f"V-B1: the board needs {DISTRICT_COUNT} districts, got {len(districts)}")
    return districts


def _parse_hexes(raw: Any, districts: dict[str, str]) -> dict[str, Hex]:
    hexes: dict[str, Hex] = {}
    coords: dict[tuple[int, int], str] = {}
    for i, item in enumerate(_as_list(raw, "hexes", "V-B1")):
        raw_hex = _check_keys(item, _HEX_KEYS, f"hex #{i}", "V-B1")
        label = _as_str(raw_hex["label"], f"hex #{i} label", "V-B1")
        where = f"hex {label!r}"
        district = _as_str(raw_hex["district"], f"{where} district", "V-B1")
        if district not in districts:
            raise BoardError(f"V-B1: {where} has unknown district id {district!r}")
        kind = _as_str(raw_hex["kind"], f"{where} kind", "V-B2")
        if kind not in HEX_KINDS:
            raise BoardError(
                f"V-B2: {where} has unknown kind {kind!r} (allowed: {', '.join(HEX_KINDS)})"
            )
        q = _as_int(raw_hex["q"], f"{where} q", "V-B1")
        r = _as_int(raw_hex["r"], f"{where} r", "V-B1")
        if not label.startswith(district):
            raise BoardError(f"V-B1: {where} label must start with its district id {district!r}")
        if not _LABEL_RE.match(label):
            raise BoardError(f"V-B1: {where} label must be a district letter and a number 1..n")
        if label in hexes:
            raise BoardError(f"V-B1: duplicate hex label {label!r}")
        if (q, r) in coords:
            raise BoardError(
                f"V-B1: duplicate coordinates (q={q}, r={r}) for hexes {coords[(q, r)]!r} and"
                f" {label!r}"
            )
        coords[(q, r)] = label
        hexes[label] = Hex(label, district, q, r, kind)
    for did in districts:
        members = sorted((h for h in hexes.values() if h.district == did), key=lambda h: (h.r, h.q))
        if not members:
            raise BoardError(f"V-B1: district {did} has no hexes")
        for n, h in enumerate(members, start=1):
            if h.label != f"{did}{n}":
                raise BoardError(
                    f"V-B1: hex {h.label!r} (q={h.q}, r={h.r}) should be labelled {did}{n}:"
                    " hexes are numbered in reading order (by r, then q) within the district"
                )
    return hexes


def _neighbors(hexes: dict[str, Hex]) -> dict[str, tuple[str, ...]]:
    by_coords = {h.coords: h for h in hexes.values()}
    order = {label: i for i, label in enumerate(hexes)}
    result: dict[str, tuple[str, ...]] = {}
    for h in hexes.values():
        same: list[str] = []
        for dq, dr in AXIAL_DIRECTIONS:
            other = by_coords.get((h.q + dq, h.r + dr))
            if other is None:
                continue
            if other.district != h.district:
                raise BoardError(
                    f"V-B1: hex {h.label!r} is adjacent to {other.label!r} of another district;"
                    " hexes of different districts must never be adjacent (canals between)"
                )
            same.append(other.label)
        result[h.label] = tuple(sorted(same, key=order.__getitem__))
    for did in {h.district for h in hexes.values()}:
        members = [h.label for h in hexes.values() if h.district == did]
        seen = {members[0]}
        todo = [members[0]]
        while todo:
            for nb in result[todo.pop()]:
                if nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != len(members):
            cut = sorted(set(members) - seen, key=order.__getitem__)
            raise BoardError(
                f"V-B1: district {did} is not connected: {', '.join(cut)} cannot be reached"
                f" from {members[0]}"
            )
    return result


def _parse_bridges(raw: Any, hexes: dict[str, Hex], districts: dict[str, str]) -> list[BridgeSite]:
    sites: list[BridgeSite] = []
    used: dict[str, int] = {}
    for i, item in enumerate(_as_list(raw, "bridges", "V-B3")):
        b = _check_keys(item, _BRIDGE_KEYS, f"bridge site #{i}", "V-B3")
        ends = _as_list(b["hexes"], f"bridge site #{i} hexes", "V-B3")
        if len(ends) != 2:
            raise BoardError(f"V-B3: bridge site #{i} must have exactly 2 hexes, got {ends!r}")
        a, c = (_as_str(e, f"bridge site #{i} hex", "V-B3") for e in ends)
        where = f"bridge site #{i} ({a}-{c})"
        for end in (a, c):
            if end not in hexes:
                raise BoardError(f"V-B3: {where} names unknown hex {end!r}")
            if end in used:
                raise BoardError(
                    f"V-B3: hex {end!r} is in bridge site #{used[end]} and in {where};"
                    " a hex belongs to at most one bridge site"
                )
            used[end] = i
        ha, hc = hexes[a], hexes[c]
        if ha.district == hc.district:
            raise BoardError(f"V-B3: {where} joins two hexes of district {ha.district}")
        if hex_distance(ha.coords, hc.coords) != 2:
            raise BoardError(
                f"V-B3: {where} must join two hexes across one canal hex (hex distance 2),"
                f" got distance {hex_distance(ha.coords, hc.coords)}"
            )
        sites.append(BridgeSite((a, c)))
    if len(sites) < MIN_BRIDGE_SITES:
        raise BoardError(f"V-B5: at least {MIN_BRIDGE_SITES} bridge sites needed, got {len(sites)}")
    reached = {d for s in sites for d in s.districts}
    for did in districts:
        if did not in reached:
            raise BoardError(f"V-B5: district {did} is not an endpoint of any bridge site")
    return sites


def _parse_prebuilt(
    raw: Any,
    hexes: dict[str, Hex],
    neighbors: dict[str, tuple[str, ...]],
    bridges: list[BridgeSite],
    components: dict[str, Any],
) -> list[Prebuilt]:
    types: list[str] = list(components["building_types"])
    needed: dict[str, int] = dict(components["hexes_needed"])
    result: list[Prebuilt] = []
    owner: dict[str, str] = {}
    for i, item in enumerate(_as_list(raw, "prebuilt", "V-B5")):
        p = _check_keys(item, _PREBUILT_KEYS, f"prebuilt #{i}", "V-B5")
        btype = _as_str(p["type"], f"prebuilt #{i} type", "V-B5")
        if btype not in types:
            raise BoardError(f"V-B5: prebuilt #{i} has unknown building type {btype!r}")
        if any(pb.type == btype for pb in result):
            raise BoardError(f"V-B5: more than one pre-placed {btype}; exactly one of each type")
        labels = tuple(
            _as_str(x, f"prebuilt {btype} hex", "V-B5")
            for x in _as_list(p["hexes"], f"prebuilt {btype} hexes", "V-B5")
        )
        where = f"pre-placed {btype} ({', '.join(labels)})"
        for label in labels:
            if label not in hexes:
                raise BoardError(f"V-B5: {where} names unknown hex {label!r}")
            if label in owner:
                raise BoardError(
                    f"V-B2: hex {label!r} is part of pre-placed {owner[label]} and {btype}"
                )
            owner[label] = btype
            if hexes[label].kind != "building":
                raise BoardError(
                    f"V-B2: hex {label!r} of {where} must have kind 'building',"
                    f" not {hexes[label].kind!r}"
                )
        if len(labels) != needed[btype]:
            raise BoardError(f"V-B5: {where} must cover {needed[btype]} hex(es), got {len(labels)}")
        if btype == "ponte":
            if not any(set(s.hexes) == set(labels) for s in bridges):
                raise BoardError(f"V-B5: {where} must cover the 2 hexes of one bridge site")
        else:
            if len({hexes[x].district for x in labels}) != 1:
                raise BoardError(f"V-B5: {where} must lie in one district")
            for a in labels:
                for b in labels:
                    if a != b and b not in neighbors[a]:
                        shape = "a triangle" if len(labels) == 3 else "adjacent"
                        raise BoardError(
                            f"V-B5: {where} must be {shape}: {a} and {b} are not adjacent"
                        )
        result.append(Prebuilt(btype, labels))
    for btype in types:
        if not any(pb.type == btype for pb in result):
            raise BoardError(f"V-B5: no pre-placed {btype}; exactly one of each type")
    for h in hexes.values():
        if h.kind == "building" and h.label not in owner:
            raise BoardError(
                f"V-B2: hex {h.label!r} has kind 'building' but no pre-placed building"
            )
    ponte = next(pb for pb in result if pb.type == "ponte")
    for s in bridges:
        if set(s.hexes) == set(ponte.hexes):
            continue
        for label in s.hexes:
            if hexes[label].kind == "building":
                raise BoardError(
                    f"V-B3: bridge site {s.hexes[0]}-{s.hexes[1]} has hex {label!r} covered by the"
                    f" pre-placed {owner[label]}; only the pre-placed ponte's site may be built on"
                )
    return result


def _parse_track(
    raw_track: Any, hexes: dict[str, Hex], districts: dict[str, str], components: dict[str, Any]
) -> list[TrackSpace]:
    end = int(components["track_end"])
    last = end + int(components["mooring_posts"])
    last_bordered = end - 4  # V-B4: 57-60 border no district
    items = _as_list(raw_track, "track", "V-B4")
    spaces: list[TrackSpace] = []
    for i, item in enumerate(items):
        raw = _check_keys(item, _TRACK_KEYS, f"track entry #{i}", "V-B4")
        space = _as_int(raw["space"], f"track entry #{i} space", "V-B4")
        if space != i:
            raise BoardError(
                f"V-C5: track entry #{i} is space {space}; spaces 0..{last} must appear once each,"
                " in order"
            )
        where = f"track space {space}"
        x = _as_float(raw["x"], f"{where} x", "V-B4")
        y = _as_float(raw["y"], f"{where} y", "V-B4")
        borders: set[str] = set()
        for d in _as_list(raw["borders"], f"{where} borders", "V-B4"):
            if d not in districts:
                raise BoardError(f"V-B4: {where} borders unknown district {d!r}")
            if d in borders:
                raise BoardError(f"V-B4: {where} lists district {d} twice")
            borders.add(d)
        spaces.append(TrackSpace(space, x, y, frozenset(borders)))
    if len(spaces) != last + 1:
        raise BoardError(
            f"V-C5: the track needs spaces 0..{last} (start, 1..{end}, mooring posts), got"
            f" {len(spaces)} entries"
        )
    a, b = (spaces[n] for n in JUNCTION_SPACES)
    if (a.x, a.y) != (b.x, b.y):
        raise BoardError("V-B4: track spaces 10 and 45 must be one physical space (same x, y)")
    if a.borders != b.borders or len(a.borders) != 4:
        raise BoardError(
            "V-B4: track space 10/45 must border exactly four districts (the same in both"
            f" entries), got {sorted(a.borders)} and {sorted(b.borders)}"
        )
    seen: dict[tuple[float, float], int] = {}
    for t in spaces:
        where = f"track space {t.space}"
        if t.space not in JUNCTION_SPACES:
            if 1 <= t.space <= last_bordered and not 1 <= len(t.borders) <= 2:
                raise BoardError(
                    f"V-B4: {where} must border one or two districts, got {sorted(t.borders)}"
                )
            if (t.space == 0 or t.space > last_bordered) and t.borders:
                raise BoardError(
                    f"V-B4: {where} (start, {last_bordered + 1}..{end} or a mooring post) must"
                    f" border no district, got {sorted(t.borders)}"
                )
            if (t.x, t.y) in seen:
                raise BoardError(
                    f"V-B4: {where} has the same coordinates as space {seen[(t.x, t.y)]}; only"
                    " 10 and 45 share a space"
                )
        seen[(t.x, t.y)] = t.space
        cell = axial_round(t.x, t.y)
        for h in hexes.values():
            if h.coords == cell:
                raise BoardError(
                    f"V-B4: {where} lies on land hex {h.label!r}; track spaces are water"
                )
        near = {
            h.district for h in hexes.values() if _point_distance(t.x, t.y, h) <= BORDER_DISTANCE
        }
        if near != t.borders:
            extra = sorted(t.borders - near)
            missing = sorted(near - t.borders)
            raise BoardError(
                f"V-B4: {where} borders are not geometrically honest: lists {extra or 'nothing'}"
                f" not within {BORDER_DISTANCE} of its point, misses {missing or 'nothing'}"
                f" (a space borders a district iff a hex centre of it is within {BORDER_DISTANCE})"
            )
    return spaces


def parse_board(data: dict[str, Any], components: dict[str, Any]) -> Board:
    """Validate raw board JSON against the board rules (V-B1..V-B6) and build a :class:`Board`."""
    top = _check_keys(data, _TOP_KEYS, "the board", "V-B5")
    name = _as_str(top["name"], "board name", "V-B5")
    if top["orientation"] != "pointy":
        raise BoardError(
            f"V-B1: orientation must be 'pointy' (pointy-top axial hexes),"
            f" got {top['orientation']!r}"
        )
    districts = _parse_districts(top["districts"])
    hexes = _parse_hexes(top["hexes"], districts)
    neighbors = _neighbors(hexes)
    swamps = sum(int(n) for n in components["swamp_tokens"].values())
    plain = [h for h in hexes.values() if h.kind == "plain"]
    if len(plain) != swamps:
        raise BoardError(
            f"V-B5: the board has {len(plain)} plain hexes but there are {swamps} swamp tokens;"
            " every swamp token must be used"
        )
    for did in districts:
        if not any(h.kind == "stone" and h.district == did for h in hexes.values()):
            raise BoardError(f"V-B5: district {did} has no stone site (a few per district)")
    bridges = _parse_bridges(top["bridges"], hexes, districts)
    prebuilt = _parse_prebuilt(top["prebuilt"], hexes, neighbors, bridges, components)
    track = _parse_track(top["track"], hexes, districts, components)
    return Board(
        name=name,
        districts=districts,
        hexes=hexes,
        neighbors=neighbors,
        bridges=tuple(bridges),
        prebuilt=tuple(prebuilt),
        track=tuple(track),
    )
