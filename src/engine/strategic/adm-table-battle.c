/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-battle.c: a battle fought at another table and handed back to the chief master.
 *
 * The table's message carries the whole saved battle, so that one check — the battle played
 * whole, then kept as the chief keeps his own (_adm_campaign_keep_battle ()) — decides what
 * enters the campaign, whatever road the message took. The sequence number and the hash of
 * the entry before are checked against what the campaign keeps, so that an entry is never
 * kept twice, never skipped, and a battle that went another way is named, not merged. */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>

#include "adm-battle-result.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-clock.h"
#include "adm-dice-contribution.h"
#include "adm-dice-ledger.h"
#include "adm-engagement-queue.h"
#include "adm-table-battle.h"
#include "adm-xml.h"

/* A message holds one saved battle; a campaign file may be as large (ADM_XML_MAX_SIZE). */
#define MAX_MESSAGE ADM_XML_MAX_SIZE
#define MAX_REASON ADM_TABLE_BATTLE_MAX_REASON

/* F-STRAT-15: a table's first entries on a set-up the chief no longer hands out, as when he
 * undid or changed its placements after the table fetched it: said so, with what the table
 * master can ask of him. */
/* Translators: "The battle of engagement c1-3 at this table is not the one the chief handed
 * out: …" */
#define SETUP_DIFFERS _("The battle of engagement %s at this table is not the one the chief " \
                        "handed out: its set-up differs. Its placements or Roll Again changed " \
                        "at the chief, or were undone, after this table fetched it; nothing " \
                        "of it was kept. Ask the chief master to redo them, or to take the " \
                        "engagement back and hand it to this table again.")

G_DEFINE_QUARK (adm-table-battle-error-quark, adm_table_battle_error)

/* Whether every roll of @battle typed in may be: the hand-off @assignment of @engagement_id
 * lets its table type real dice in, or none of its rolls is typed (*@number: the first typed
 * roll, from 1). Its rolls are those from its first commitment on: a battle kept from an
 * earlier hand-off keeps what that one allowed. */
static gboolean
table_may_type (AdmCampaign *campaign,
                const char  *engagement_id,
                const char  *assignment,
                AdmBattle   *battle,
                guint       *number)
{
  const AdmTableAssignment *at = adm_state_get_table (adm_campaign_get_state (campaign),
                                                      engagement_id);
  g_autoptr(GPtrArray) commitments = NULL;
  GPtrArray *rolls;
  guint first = G_MAXUINT;

  if (at == NULL || at->typed_dice || g_strcmp0 (at->id, assignment) != 0)
    return TRUE;
  commitments = adm_campaign_get_dice_commitments (campaign, engagement_id);
  for (guint i = 0; i < commitments->len; i++)
    {
      const AdmDiceCommitment *commitment = g_ptr_array_index (commitments, i);

      if (g_strcmp0 (commitment->assignment, assignment) == 0)
        first = MIN (first, commitment->from_roll);
    }
  if (first == G_MAXUINT)
    first = 1;
  rolls = adm_battle_get_rolls (battle);
  for (guint i = first - 1; i < rolls->len; i++)
    if (((const AdmBattleRoll *) g_ptr_array_index (rolls, i))->origin == ADM_ROLL_ORIGIN_TYPED)
      {
        *number = i + 1;
        return FALSE;
      }
  return TRUE;
}

/* Chained hashes: entry 0 is the set-up, entry n the hash of entry n-1 and entry n's text
 * (trailing and leading blanks aside: the journal indents what it writes). */
static void
chain_start (const char *head,
             char        out[65])
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, head, -1);

  memcpy (out, hash, 65);
}

/* @hash (entry i-1's) becomes entry i's, @journal's entry i-1 (from 0). */
static void
chain_step (AdmJournal *journal,
            guint       i,
            char        hash[65])
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize length = 0;
  const char *text = adm_journal_get_entry_text (journal, i, &length);

  while (length > 0 && g_ascii_isspace (*text))
    text++, length--;
  while (length > 0 && g_ascii_isspace (text[length - 1]))
    length--;
  g_checksum_update (checksum, (const guchar *) hash, 64);
  g_checksum_update (checksum, (const guchar *) text, length);
  memcpy (hash, g_checksum_get_string (checksum), 65);
}

static void
chain_hash (const char *head,
            AdmJournal *journal,
            guint       n,
            char        out[65])
{
  chain_start (head, out);
  for (guint i = 0; i < n && journal != NULL; i++)
    chain_step (journal, i, out);
}

void
adm_table_battle_entry_hash (AdmBattle *battle,
                             guint      n,
                             char       out[65])
{
  g_autofree char *carried = NULL;
  g_autofree char *head = NULL;
  AdmJournal *log;

  g_return_if_fail (ADM_IS_BATTLE (battle));

  /* The chain starts from the set-up as the campaign keeps it: a table's copy of the season
   * is not part of it. */
  carried = adm_battle_serialize_head (battle, NULL);
  head = adm_battle_text_without_season (carried);
  log = adm_battle_get_log (battle);
  chain_hash (head, log, MIN (n, adm_journal_get_n_entries (log)), out);
}

/* @text without its XML declaration: the battle goes inside the message's root. */
static const char *
skip_declaration (const char *text)
{
  if (g_str_has_prefix (text, "<?xml"))
    {
      const char *end = strstr (text, "?>");

      if (end != NULL)
        {
          text = end + 2;
          while (*text == '\n' || *text == '\r')
            text++;
        }
    }
  return text;
}

char *
adm_table_battle_message (AdmBattle  *battle,
                          const char *engagement_id,
                          const char *assignment,
                          guint       from,
                          const char *end_reason,
                          gsize      *length)
{
  return adm_table_battle_message_with_dice (battle, engagement_id, assignment, from,
                                             end_reason, NULL, length);
}

char *
adm_table_battle_message_with_dice (AdmBattle  *battle,
                                    const char *engagement_id,
                                    const char *assignment,
                                    guint       from,
                                    const char *end_reason,
                                    GPtrArray  *mixes,
                                    gsize      *length)
{
  g_autofree char *dice = mixes != NULL ? adm_dice_mixes_to_text (mixes) : NULL;
  g_autofree char *saved = NULL;
  g_autofree char *attributes = NULL;
  char prev[65];
  GString *out;
  guint n;

  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);
  g_return_val_if_fail (assignment != NULL, NULL);

  n = adm_journal_get_n_entries (adm_battle_get_log (battle));
  from = CLAMP (from, 1, n + 1);
  adm_table_battle_entry_hash (battle, from - 1, prev);
  /* The battle goes without the copy of the campaign's season the table got with it: the
   * chief plays it with the season it names by its digest, his campaign's own. A message is
   * then a few kilobytes rather than the season's hundred, read and played in a few
   * milliseconds rather than the season checked against its schema again each time. */
  {
    g_autofree char *whole = adm_battle_serialize (battle, NULL);

    saved = adm_battle_text_without_season (whole);
  }
  attributes = g_markup_printf_escaped ("version=\"1\" engagement=\"%s\" assignment=\"%s\" "
                                        "from=\"%u\" prev=\"%s\"", engagement_id, assignment,
                                        from, prev);
  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<table-battle ");
  g_string_append (out, attributes);
  if (end_reason != NULL)
    {
      g_autofree char *reason = g_markup_printf_escaped (" end-reason=\"%s\"", end_reason);

      g_string_append (out, reason);
    }
  if (dice != NULL)
    {
      g_autofree char *given = g_markup_printf_escaped (" dice=\"%s\"", dice);

      g_string_append (out, given);
    }
  g_string_append (out, ">\n");
  g_string_append (out, skip_declaration (saved));
  g_string_append (out, "</table-battle>\n");
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* A message read: its head's attributes, and where its battle lies in @data. */
typedef struct {
  char  *engagement;
  char  *assignment;
  guint  from;
  char  *prev;
  char  *end_reason;
  char  *dice;          /* the sides' dice given at the table (adm_dice_mixes_to_text ()) */
  gsize  battle_start;  /* the byte after the root's start tag */
  gsize  battle_end;    /* the start of "</table-battle>" */
  int    battle_line;   /* the line the battle starts on */
} Message;

static void
message_clear (Message *message)
{
  g_free (message->engagement);
  g_free (message->assignment);
  g_free (message->prev);
  g_free (message->end_reason);
  g_free (message->dice);
}

static gboolean
malformed (GError     **error,
           const char  *display_name,
           int          line,
           const char  *problem)
{
  g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
               "%s:%d: %s", display_name, line, problem);
  return FALSE;
}

static gboolean
is_hex64 (const char *text)
{
  if (text == NULL || strlen (text) != 64)
    return FALSE;
  for (guint i = 0; i < 64; i++)
    if (!g_ascii_isxdigit (text[i]) || g_ascii_isupper (text[i]))
      return FALSE;
  return TRUE;
}

/* What find_root () found. */
typedef enum {
  ROOT_FOUND,
  ROOT_TOO_LARGE,   /* longer than MAX_MESSAGE */
  ROOT_NOT_TEXT,    /* NUL bytes or not UTF-8 */
  ROOT_OTHER,       /* another document (or an XML declaration never closed) */
  ROOT_EMPTY,       /* the root holds nothing (or its start tag does not end) */
  ROOT_CUT,         /* its end tag is missing */
  ROOT_TRAILING,    /* something after its end tag */
  ROOT_BAD_TAG,     /* its start tag is not well-formed */
  ROOT_LONG_TAG,    /* its start tag goes on past MAX_HEAD */
} RootFound;

/* The longest start tag of a message's root, in bytes: a few ids and hashes, and an end
 * reason of at most MAX_REASON characters. */
#define MAX_HEAD 65536

/* The attributes a <table-battle> start tag may have (adm_table_battle_message ()). */
static const char * const message_attributes[] = {
  "version", "engagement", "assignment", "from", "prev", "end-reason", "dice", NULL,
};

/* Finds the root element @root (“table-battle”, “table-setup”) of @data: its start tag alone
 * is parsed (libxml2, no network, no DOCTYPE) into *@doc, and what it wraps lies from the byte
 * after the start tag (*@inner) to its end tag (*@close). Bounded: the start tag must come
 * within the first 64 KiB. */
static RootFound
find_root (const char  *data,
           gsize        length,
           const char  *root,
           const char  *display_name,
           const char **inner,
           const char **close,
           xmlDoc     **doc)
{
  g_autofree char *open_tag = g_strconcat ("<", root, NULL);
  g_autofree char *close_tag = g_strconcat ("</", root, ">", NULL);
  gsize open_length = strlen (open_tag);
  const char *p = data, *end = data + length, *tag, *tag_end = NULL;
  char quote = 0;
  g_autofree char *head = NULL;

  if (length > MAX_MESSAGE)
    return ROOT_TOO_LARGE;
  if (memchr (data, '\0', length) != NULL || !g_utf8_validate (data, length, NULL))
    return ROOT_NOT_TEXT;
  while (p < end && g_ascii_isspace (*p))
    p++;
  if (end - p >= 5 && memcmp (p, "<?xml", 5) == 0)
    {
      const char *closing = g_strstr_len (p, MIN (end - p, 4096), "?>");

      if (closing == NULL)
        return ROOT_OTHER;
      p = closing + 2;
    }
  while (p < end && g_ascii_isspace (*p))
    p++;
  tag = p;
  if ((gsize) (end - p) < open_length + 1 || memcmp (p, open_tag, open_length) != 0 ||
      !(g_ascii_isspace (p[open_length]) || p[open_length] == '>'))
    return ROOT_OTHER;
  /* The start tag ends at the first '>' outside quotes. */
  for (p = tag; p < end && p - tag < MAX_HEAD; p++)
    {
      if (quote != 0)
        quote = *p == quote ? 0 : quote;
      else if (*p == '"' || *p == '\'')
        quote = *p;
      else if (*p == '>')
        {
          tag_end = p;
          break;
        }
      else if (*p == '<' && p != tag)
        break;
    }
  if (tag_end == NULL && p - tag >= MAX_HEAD)
    return ROOT_LONG_TAG;
  if (tag_end == NULL || tag_end[-1] == '/')
    return ROOT_EMPTY;
  *close = g_strrstr_len (tag_end, end - tag_end, close_tag);
  if (*close == NULL)
    return ROOT_CUT;
  for (p = *close + strlen (close_tag); p < end; p++)
    if (!g_ascii_isspace (*p))
      return ROOT_TRAILING;

  head = g_strdup_printf ("%.*s%s", (int) (tag_end + 1 - tag), tag, close_tag);
  *doc = xmlReadMemory (head, (int) strlen (head), display_name, "UTF-8",
                        XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (*doc == NULL || xmlDocGetRootElement (*doc) == NULL)
    return ROOT_BAD_TAG;
  *inner = tag_end + 1;
  return ROOT_FOUND;
}

/* Reads the head of a message (find_root ()), its battle found between the root's start tag
 * and its end, for the battle's own reader. */
static gboolean
read_message (const char  *data,
              gsize        length,
              const char  *display_name,
              Message     *message,
              GError     **error)
{
  const char *p, *inner = NULL, *close = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root;
  g_autofree char *version = NULL, *from = NULL;
  guint64 number;

  switch (find_root (data, length, "table-battle", display_name, &inner, &close, &doc))
    {
    case ROOT_FOUND:
      break;
    case ROOT_TOO_LARGE:
      return malformed (error, display_name, 1,
                        _("the battle sent from a table is too large to be a battle"));
    case ROOT_NOT_TEXT:
      return malformed (error, display_name, 1, _("this is not a battle sent from a table: it "
                                                  "is not text"));
    case ROOT_OTHER:
      return malformed (error, display_name, 1,
                        _("this is not a battle sent from a table: it does not begin with "
                          "<table-battle>"));
    case ROOT_EMPTY:
      return malformed (error, display_name, 1,
                        _("the <table-battle> element holds no battle"));
    case ROOT_CUT:
      return malformed (error, display_name, 1,
                        _("the battle sent from a table is cut short: </table-battle> is "
                          "missing"));
    case ROOT_TRAILING:
      return malformed (error, display_name, 1,
                        _("there is something after </table-battle>"));
    case ROOT_LONG_TAG:
      {
        g_autofree char *problem = g_strdup_printf (
          _("the <table-battle> start tag is longer than the %d bytes it may have: the reason "
            "for ending the battle is at most %d characters"), MAX_HEAD, MAX_REASON);

        return malformed (error, display_name, 1, problem);
      }
    case ROOT_BAD_TAG:
    default:
      return malformed (error, display_name, 1,
                        _("the <table-battle> element is not well-formed"));
    }
  root = xmlDocGetRootElement (doc);
  /* Only what a table writes: anything else is a message made by hand, refused whole. */
  for (xmlAttr *attribute = root->properties; attribute != NULL; attribute = attribute->next)
    if (!g_strv_contains (message_attributes, (const char *) attribute->name))
      {
        g_autofree char *shown = g_utf8_substring ((const char *) attribute->name, 0,
                                                   MIN (g_utf8_strlen ((const char *)
                                                                       attribute->name, -1),
                                                        40));
        g_autofree char *problem = g_strdup_printf (
          _("<table-battle> has the attribute “%s”, which a table does not write"), shown);

        return malformed (error, display_name, 1, problem);
      }
  version = adm_xml_get_string (root, "version");
  message->engagement = adm_xml_get_string (root, "engagement");
  message->assignment = adm_xml_get_string (root, "assignment");
  from = adm_xml_get_string (root, "from");
  message->prev = adm_xml_get_string (root, "prev");
  message->end_reason = adm_xml_get_string (root, "end-reason");
  message->dice = adm_xml_get_string (root, "dice");
  if (g_strcmp0 (version, "1") != 0)
    return malformed (error, display_name, 1,
                      _("this battle was sent by another version of Admiralty (<table-battle> "
                        "version is not 1)"));
  if (message->engagement == NULL || *message->engagement == '\0' ||
      strlen (message->engagement) > 64 || message->assignment == NULL ||
      strlen (message->assignment) > 64)
    return malformed (error, display_name, 1,
                      _("<table-battle> must name its engagement and assignment"));
  if (from == NULL || !g_ascii_string_to_unsigned (from, 10, 1, G_MAXINT, &number, NULL))
    return malformed (error, display_name, 1,
                      _("<table-battle> from must be a whole number from 1"));
  message->from = (guint) number;
  if (!is_hex64 (message->prev))
    return malformed (error, display_name, 1,
                      _("<table-battle> prev must be 64 lower-case hex digits"));
  if (message->end_reason != NULL)
    {
      g_strstrip (message->end_reason);
      if (g_utf8_strlen (message->end_reason, -1) > MAX_REASON)
        {
          g_autofree char *problem = g_strdup_printf (
            _("the reason for ending the battle is %ld characters long; it may have at most "
              "%d"), g_utf8_strlen (message->end_reason, -1), MAX_REASON);

          return malformed (error, display_name, 1, problem);
        }
    }
  if (message->dice != NULL)
    {
      g_autoptr(GError) dice_error = NULL;
      g_autoptr(GPtrArray) mixes = adm_dice_mixes_from_text (message->engagement != NULL
                                                             ? message->engagement : "",
                                                             message->dice, &dice_error);

      if (mixes == NULL)
        return malformed (error, display_name, 1, dice_error->message);
    }
  message->battle_start = (gsize) (inner - data);
  message->battle_end = (gsize) (close - data);
  message->battle_line = 1;
  for (p = data; p < inner; p++)
    message->battle_line += *p == '\n';
  return TRUE;
}

char *
adm_table_setup_wrap (const char   *battle,
                      const char   *engagement_id,
                      const guint8 *secret,
                      gboolean      typed_dice)
{
  g_autofree char *hex = NULL;
  g_autofree char *attributes = NULL;

  g_return_val_if_fail (battle != NULL, NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);

  if (secret == NULL)
    return g_strdup (battle);
  hex = adm_dice_secret_to_hex (secret);
  attributes = g_markup_printf_escaped ("version=\"1\" engagement=\"%s\" dice-secret=\"%s\" "
                                        "dice=\"%s\"", engagement_id, hex,
                                        typed_dice ? "typed" : "program");
  return g_strconcat ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<table-setup ", attributes,
                      ">\n", skip_declaration (battle), "</table-setup>\n", NULL);
}

char *
adm_table_setup_read (const char  *data,
                      gsize        length,
                      const char  *display_name,
                      guint8      *secret,
                      gboolean    *has_secret,
                      gboolean    *typed_dice,
                      GError     **error)
{
  const char *inner = NULL, *close = NULL, *problem;
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *version = NULL, *hex = NULL, *dice = NULL;
  GString *battle;
  xmlNode *root;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (secret != NULL, NULL);
  g_return_val_if_fail (has_secret != NULL, NULL);

  *has_secret = FALSE;
  if (typed_dice != NULL)
    *typed_dice = TRUE;
  switch (find_root (data, length, "table-setup", display_name, &inner, &close, &doc))
    {
    case ROOT_FOUND:
      problem = NULL;
      break;
    case ROOT_OTHER:
      /* A saved battle alone: a chief of an older version hands out no secret. */
      return g_strndup (data, length);
    case ROOT_TOO_LARGE:
    case ROOT_NOT_TEXT:
      problem = _("this is not a battle handed out to a table");
      break;
    case ROOT_CUT:
      problem = _("the battle handed out is cut short: </table-setup> is missing");
      break;
    case ROOT_EMPTY:
    case ROOT_TRAILING:
    case ROOT_BAD_TAG:
    default:
      problem = _("the <table-setup> element is not well-formed");
      break;
    }
  if (problem == NULL)
    {
      root = xmlDocGetRootElement (doc);
      version = adm_xml_get_string (root, "version");
      hex = adm_xml_get_string (root, "dice-secret");
      dice = adm_xml_get_string (root, "dice");
      if (g_strcmp0 (version, "1") != 0)
        problem = _("this battle was handed out by another version of Admiralty "
                    "(<table-setup> version is not 1)");
      else if (!adm_dice_secret_from_hex (hex, secret))
        problem = _("<table-setup> dice-secret must be 64 lower-case hex digits");
      else if (dice != NULL && !g_str_equal (dice, "program") && !g_str_equal (dice, "typed"))
        problem = _("<table-setup> dice must be “program” or “typed”");
    }
  if (problem != NULL)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                   "%s:1: %s", display_name, problem);
      return NULL;
    }
  *has_secret = TRUE;
  if (typed_dice != NULL)
    *typed_dice = g_strcmp0 (dice, "program") != 0;
  /* The battle keeps its lines: an error in it names the line of the set-up. */
  battle = g_string_new (NULL);
  for (const char *p = data; p < inner; p++)
    if (*p == '\n')
      g_string_append_c (battle, '\n');
  g_string_append_len (battle, inner, close - inner);
  return g_string_free (battle, FALSE);
}

char *
adm_table_battle_read_file (const char  *path,
                            gsize        max_length,
                            gsize       *length,
                            GError     **error)
{
  g_autofree char *display = NULL;
  g_autofree char *data = NULL;
  FILE *file;
  gsize n;
  int saved;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (length != NULL, NULL);

  display = g_filename_display_name (path);
  file = g_fopen (path, "rb");
  if (file == NULL)
    {
      saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot read %s: %s"), display, g_strerror (saved));
      return NULL;
    }
  /* One byte more than allowed tells a file too large without reading the rest of it. */
  data = g_malloc (max_length + 2);
  n = fread (data, 1, max_length + 1, file);
  saved = errno;
  if (ferror (file))
    {
      fclose (file);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot read %s: %s"), display, g_strerror (saved));
      return NULL;
    }
  fclose (file);
  if (n > max_length)
    {
      /* Translators: "battle.xml: the file is larger than 16 MiB, which no battle exported
       * from a table is" */
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                   _("%s: the file is larger than %d MiB, which no battle exported from a "
                     "table is"), display, (int) (max_length / (1024 * 1024)));
      return NULL;
    }
  data[n] = '\0';
  *length = n;
  return g_steal_pointer (&data);
}

gboolean
adm_table_battle_peek (const char  *data,
                       gsize        length,
                       const char  *display_name,
                       char       **engagement_id,
                       char       **assignment,
                       guint       *from,
                       char       **end_reason,
                       GError     **error)
{
  Message message = { 0 };

  g_return_val_if_fail (data != NULL, FALSE);

  if (!read_message (data, length, display_name, &message, error))
    {
      message_clear (&message);
      return FALSE;
    }
  if (engagement_id != NULL)
    *engagement_id = g_steal_pointer (&message.engagement);
  if (assignment != NULL)
    *assignment = g_steal_pointer (&message.assignment);
  if (from != NULL)
    *from = message.from;
  if (end_reason != NULL)
    *end_reason = g_steal_pointer (&message.end_reason);
  message_clear (&message);
  return TRUE;
}

void
adm_campaign_get_table_receipt (AdmCampaign     *campaign,
                                const char      *engagement_id,
                                AdmTableReceipt *receipt)
{
  const char *head = NULL;
  AdmJournal *journal = NULL;

  g_return_if_fail (ADM_IS_CAMPAIGN (campaign));
  g_return_if_fail (receipt != NULL);

  memset (receipt, 0, sizeof *receipt);
  receipt->ended = adm_state_get_battle_ending (adm_campaign_get_state (campaign),
                                                engagement_id) != NULL;
  if (_adm_campaign_get_kept (campaign, engagement_id, &head, &journal))
    {
      receipt->kept = adm_journal_get_n_entries (journal);
      chain_hash (head, journal, receipt->kept, receipt->last);
    }
}

/* The refusal a table gets for an engagement that is not at it: the same words whether the
 * engagement exists, is at another table, or was never handed out. */
static gboolean
not_yours (GError **error)
{
  g_set_error_literal (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS,
                       _("No such engagement at this table."));
  return FALSE;
}

/* The hand-off @assignment of @engagement_id, current and to @table (any table when NULL). */
static gboolean
check_assignment (AdmCampaign  *campaign,
                  const char   *table,
                  const char   *engagement_id,
                  const char   *assignment,
                  GError      **error)
{
  AdmState *state = adm_campaign_get_state (campaign);
  const AdmTableAssignment *at = adm_state_get_table (state, engagement_id);
  const char *reason = assignment != NULL ? adm_state_get_taken_back (state, assignment) : NULL;

  if (at != NULL && assignment != NULL && g_str_equal (at->id, assignment) &&
      (table == NULL || g_str_equal (at->table, table)))
    return TRUE;
  /* A table that held the engagement under this very hand-off learns why it lost it; the id
   * is a random UUID only that table was given. */
  if (reason != NULL)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_TAKEN_BACK,
                   /* Translators: "The chief master took engagement c1-3 back from this
                    * table: Table 2 went home. …" */
                   _("The chief master took engagement %s back from this table: %s. What was "
                     "played here since is kept on this computer, not in the campaign."),
                   engagement_id, reason);
      return FALSE;
    }
  return not_yours (error);
}

gboolean
adm_campaign_table_ask_dice (AdmCampaign  *campaign,
                             const char   *table,
                             const char   *engagement_id,
                             const char   *assignment,
                             guint         from,
                             int           turn,
                             const char   *phase,
                             const char   *declarations,
                             const char   *given,
                             gint64        time,
                             GPtrArray   **held,
                             GError      **error)
{
  g_autoptr(GPtrArray) typed = NULL;
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(GError) local_error = NULL;
  const AdmDicePhaseMix *mix;
  AdmBattle *battle;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && held != NULL, FALSE);

  *held = NULL;
  if (!check_assignment (campaign, table, engagement_id, assignment, error))
    return FALSE;
  if (phase == NULL || !adm_dice_phase_id_is_valid (phase) || !adm_dice_hex_is_valid (declarations) ||
      (typed = adm_dice_mixes_from_text (engagement_id, given, &local_error)) == NULL)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                   /* Translators: a table's ask of its sides' dice that is not what the
                    * protocol has */
                   _("%s: the dice asked are not a phase with the digest of its declarations "
                     "and the sides’ dice typed at the table%s%s"), table,
                   local_error != NULL ? ": " : "",
                   local_error != NULL ? local_error->message : "");
      return FALSE;
    }
  /* The phones are offered the phase of the battle the chief keeps: he must hold one. */
  if (!adm_campaign_has_battle (campaign, engagement_id, NULL, NULL) ||
      (battle = adm_campaign_get_battle_played (campaign, engagement_id, NULL)) == NULL)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   _("The chief holds no phase of the battle of engagement %s yet: the phones "
                     "tap for a phase once the table has sent the entries before it; throw "
                     "2d6 for this one"), engagement_id);
      return FALSE;
    }
  /* Each side's dice only from a side of the battle: the chief's words, not the check's. */
  for (guint m = 0; m < typed->len; m++)
    {
      const AdmDicePhaseMix *phase_mix = g_ptr_array_index (typed, m);

      for (guint g = 0; g < phase_mix->given->len; g++)
        {
          const AdmDiceContribution *contribution = g_ptr_array_index (phase_mix->given, g);
          gboolean found = FALSE;

          for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
            found = found || g_str_equal (adm_battle_get_side (battle, s)->id,
                                          contribution->side);
          if (!found)
            {
              g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                           /* Translators: "The dice of “dendarii” were not taken: it is no side
                            * of the battle of engagement c1-3" */
                           _("The dice of “%s” were not taken: it is no side of the battle of "
                             "engagement %s"), contribution->side, engagement_id);
              return FALSE;
            }
        }
    }
  if (!adm_campaign_ask_dice_at_table (campaign, engagement_id, assignment, from, turn, phase,
                                       declarations, time, &local_error) ||
      !adm_campaign_take_table_dice (campaign, engagement_id, assignment, typed, time,
                                     &local_error))
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   /* Translators: "The chief did not take the dice asked for turn 2, phase
                    * “Fire” of engagement c1-3: …" */
                   _("The chief did not take the dice asked for turn %d, phase “%s” of "
                     "engagement %s: %s"), turn, adm_phase_display_name (phase), engagement_id,
                   local_error->message);
      return FALSE;
    }
  mixes = adm_campaign_get_dice_mixes (campaign, engagement_id);
  *held = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_dice_phase_mix_free);
  if ((mix = adm_dice_mix_of_phase (mixes, turn, phase, from)) != NULL)
    {
      guint index;

      g_ptr_array_find (mixes, mix, &index);
      g_ptr_array_add (*held, g_ptr_array_steal_index (mixes, index));
    }
  return TRUE;
}

gboolean
adm_campaign_table_place (AdmCampaign  *campaign,
                          const char   *table,
                          const char   *engagement_id,
                          const char   *assignment,
                          GHashTable   *overrides,
                          gboolean      roll_again,
                          guint32       seed,
                          gint64        time,
                          GError      **error)
{
  const AdmTableAssignment *at;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmJournalAction) action = NULL;
  g_autoptr(GError) local_error = NULL;
  guint n_overrides = overrides != NULL ? g_hash_table_size (overrides) : 0;
  char hash[65], text[16];
  int turn = 0;
  AdmEvent *event;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);

  if (!check_assignment (campaign, table, engagement_id, assignment, error))
    return FALSE;
  at = adm_state_get_table (adm_campaign_get_state (campaign), engagement_id);
  /* F-STRAT-15, F-TAC-1: placed before the first phase; once the table has sent a phase, the
   * battle stays as it was set up. */
  if (adm_campaign_has_battle (campaign, engagement_id, &turn, NULL))
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   /* Translators: "The battle of engagement c1-3 has begun at the table
                    * “Table 2” (turn 1): …" */
                   _("The battle of engagement %s has begun at the table “%s” (turn %d): its "
                     "placements stay as they were set up; placements are chosen before the "
                     "first phase."), engagement_id, at->table, MAX (turn, 1));
      return FALSE;
    }
  if (n_overrides == 0 && !roll_again)
    return TRUE;
  engagement = adm_campaign_find_engagement (campaign, engagement_id, error);
  if (engagement == NULL)
    return FALSE;
  /* The set-up handed anew, made before anything is journaled: a placement the set-up does not
   * offer (no such placement, a formation not engaged) is refused in its words. */
  if (!_adm_campaign_setup_hash_full (campaign, engagement_id, overrides,
                                      roll_again ? &seed : NULL, hash, &local_error))
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   /* Translators: "The placements of engagement c1-3 were not changed: …" */
                   _("The placements of engagement %s were not changed: %s"), engagement_id,
                   local_error->message);
      return FALSE;
    }

  action = adm_journal_action_new ("placements", time);
  adm_event_set (adm_journal_action_get_head (action), "engagement", engagement_id);
  adm_event_set (adm_journal_action_get_head (action), "table", at->table);
  adm_event_set (adm_journal_action_get_head (action), "assignment", at->id);
  /* In the engagement's order, so that the journal does not depend on a hash table's. */
  for (guint i = 0; i < engagement->formation_ids->len && n_overrides > 0; i++)
    {
      const char *formation = g_ptr_array_index (engagement->formation_ids, i);
      const char *placement = g_hash_table_lookup (overrides, formation);

      if (placement == NULL)
        continue;
      event = adm_event_new ("placement", time);
      adm_event_set (event, "engagement", engagement_id);
      adm_event_set (event, "formation", formation);
      adm_event_set (event, "placement", placement);
      adm_journal_action_take_event (action, event);
    }
  if (roll_again)
    {
      g_snprintf (text, sizeof text, "%" G_GUINT32_FORMAT, seed);
      event = adm_event_new ("layout", time);
      adm_event_set (event, "engagement", engagement_id);
      adm_event_set (event, "seed", text);
      adm_event_set (event, "assignment", at->id);
      adm_journal_action_take_event (action, event);
    }
  /* The hand-off renewed: the same table and assignment, the set-up handed anew, which the
   * table's first entries are checked against from now on. */
  event = adm_event_new ("table-assign", time);
  adm_event_set (event, "engagement", engagement_id);
  adm_event_set (event, "table", at->table);
  adm_event_set (event, "assignment", at->id);
  adm_event_set (event, "setup", hash);
  adm_event_set (event, "dice", at->typed_dice ? "typed" : "program");
  adm_journal_action_take_event (action, event);
  if (!adm_campaign_record (campaign, action, &local_error))
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   _("The placements of engagement %s were not changed: %s"), engagement_id,
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* Whether @setup (without its season) is the set-up whose head hashes to @setup_hash, the one
 * the hand-off of @engagement_id to @table journaled: the table is handed that one again or
 * nothing, never another it would fight in vain. */
static gboolean
setup_is_handed (const char  *setup,
                 const char  *engagement_id,
                 const char  *setup_hash,
                 const char  *table,
                 GError     **error)
{
  g_autoptr(AdmBattle) battle = adm_battle_load_memory (setup, strlen (setup), engagement_id,
                                                        error);
  g_autofree char *head = NULL;
  char hash[65];

  if (battle == NULL)
    return FALSE;
  head = adm_battle_serialize_head (battle, NULL);
  chain_start (head, hash);
  if (strcmp (hash, setup_hash) != 0)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   /* Translators: "The battle of engagement c1-3 set up now is not the one
                    * handed to the table “Table 2”; …" */
                   _("The battle of engagement %s set up now is not the one handed to the table "
                     "“%s”; take the engagement back and hand it to the table again."),
                   engagement_id, table);
      return FALSE;
    }
  return TRUE;
}

char *
adm_campaign_table_setup_bare (AdmCampaign  *campaign,
                               const char   *table,
                               const char   *engagement_id,
                               gboolean     *kept,
                               char        **setup_hash,
                               GError      **error)
{
  const AdmTableAssignment *at;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  const char *saved;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);
  g_return_val_if_fail (kept != NULL, NULL);
  g_return_val_if_fail (setup_hash != NULL, NULL);

  *setup_hash = NULL;
  at = adm_state_get_table (adm_campaign_get_state (campaign), engagement_id);
  if (at == NULL || (table != NULL && !g_str_equal (at->table, table)))
    {
      not_yours (error);
      return NULL;
    }
  saved = adm_campaign_get_battle (campaign, engagement_id, NULL, NULL);
  *kept = saved != NULL;
  if (saved != NULL)
    return g_strdup (saved);
  engagement = adm_campaign_find_engagement (campaign, engagement_id, error);
  if (engagement == NULL)
    return NULL;
  *setup_hash = g_strdup (at->setup);
  return adm_campaign_engagement_setup (campaign, engagement, NULL, error);
}

char *
adm_table_setup_dress (const char  *bare,
                       AdmRuleset  *ruleset,
                       const char  *engagement_id,
                       const char  *setup_hash,
                       const char  *table,
                       GError     **error)
{
  g_return_val_if_fail (bare != NULL, NULL);
  g_return_val_if_fail (ADM_IS_RULESET (ruleset), NULL);

  if (setup_hash != NULL && !setup_is_handed (bare, engagement_id, setup_hash, table, error))
    return NULL;
  /* As a table gets it: with the campaign's season inside, so that the table plays by the
   * campaign's rules whatever its own rules folder holds, on its next start too. */
  return adm_battle_text_with_season (bare, ruleset);
}

char *
adm_campaign_table_setup (AdmCampaign *campaign,
                          const char  *table,
                          const char  *engagement_id,
                          gboolean    *kept,
                          GError     **error)
{
  g_autofree char *setup_hash = NULL;
  g_autofree char *bare = adm_campaign_table_setup_bare (campaign, table, engagement_id, kept,
                                                         &setup_hash, error);
  const AdmTableAssignment *at;

  if (bare == NULL)
    return NULL;
  at = adm_state_get_table (adm_campaign_get_state (campaign), engagement_id);
  return adm_table_setup_dress (bare, adm_campaign_get_ruleset (campaign), engagement_id,
                                setup_hash, at->table, error);
}

gboolean
_adm_campaign_setup_hash (AdmCampaign  *campaign,
                          const char   *engagement_id,
                          char          out[65],
                          GError      **error)
{
  return _adm_campaign_setup_hash_full (campaign, engagement_id, NULL, NULL, out, error);
}

gboolean
_adm_campaign_setup_hash_full (AdmCampaign   *campaign,
                               const char    *engagement_id,
                               GHashTable    *overrides,
                               const guint32 *layout_seed,
                               char           out[65],
                               GError       **error)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autofree char *setup = NULL, *head = NULL;

  engagement = adm_campaign_find_engagement (campaign, engagement_id, error);
  if (engagement != NULL)
    setup = _adm_campaign_engagement_setup_seeded (campaign, engagement, overrides,
                                                   layout_seed, error);
  if (setup != NULL)
    battle = adm_battle_load_memory (setup, strlen (setup), engagement_id, error);
  if (battle == NULL)
    return FALSE;
  head = adm_battle_serialize_head (battle, NULL);
  chain_start (head, out);
  return TRUE;
}

/* The rolls in effect of a battle kept: one "roll" event each in the actions in effect. */
static guint
kept_rolls (AdmJournal *journal)
{
  GPtrArray *done = adm_journal_get_done (journal);
  guint n = 0;

  for (guint i = 0; i < done->len; i++)
    {
      GPtrArray *events = adm_journal_action_get_events (g_ptr_array_index (done, i));

      for (guint e = 0; e < events->len; e++)
        n += g_str_equal (adm_event_get_kind (g_ptr_array_index (events, e)), "roll");
    }
  return n;
}

/* The hand-off of @engagement_id at @table (any when NULL) and the next roll of the battle
 * the campaign keeps (1 before any), or NOT_YOURS. */
static const AdmTableAssignment *
table_dice_at (AdmCampaign  *campaign,
               const char   *table,
               const char   *engagement_id,
               guint        *next_roll,
               GError      **error)
{
  const AdmTableAssignment *at;
  const char *head = NULL;
  AdmJournal *kept = NULL;

  at = adm_state_get_table (adm_campaign_get_state (campaign), engagement_id);
  if (at == NULL || (table != NULL && !g_str_equal (at->table, table)))
    {
      not_yours (error);
      return NULL;
    }
  /* The table goes on from the battle the chief keeps: its next roll. */
  *next_roll = 1;
  if (_adm_campaign_get_kept (campaign, engagement_id, &head, &kept))
    *next_roll = kept_rolls (kept) + 1;
  return at;
}

gboolean
adm_campaign_table_dice (AdmCampaign  *campaign,
                         const char   *table,
                         const char   *engagement_id,
                         gint64        time,
                         guint8       *secret,
                         GError      **error)
{
  guint8 fresh[ADM_DICE_SECRET_LENGTH];
  gboolean reused = FALSE, ok;

  if (!adm_campaign_table_dice_reused (campaign, table, engagement_id, secret, &reused, error))
    return FALSE;
  if (reused)
    return TRUE;
  ok = adm_dice_secret_new_random (fresh, error) && adm_dice_secret_store (fresh, error) &&
       adm_campaign_table_dice_stored (campaign, table, engagement_id, time, fresh, secret,
                                       error);
  memset (fresh, 0, sizeof fresh);
  return ok;
}

gboolean
adm_campaign_table_dice_reused (AdmCampaign  *campaign,
                                const char   *table,
                                const char   *engagement_id,
                                guint8       *secret,
                                gboolean     *reused,
                                GError      **error)
{
  const AdmTableAssignment *at;
  guint next_roll = 1;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);
  g_return_val_if_fail (secret != NULL && reused != NULL, FALSE);

  at = table_dice_at (campaign, table, engagement_id, &next_roll, error);
  if (at == NULL)
    return FALSE;
  *reused = adm_campaign_table_dice_reusable (campaign, engagement_id, at->id, next_roll,
                                              secret);
  return TRUE;
}

gboolean
adm_campaign_table_dice_stored (AdmCampaign   *campaign,
                                const char    *table,
                                const char    *engagement_id,
                                gint64         time,
                                const guint8  *stored,
                                guint8        *secret,
                                GError       **error)
{
  const AdmTableAssignment *at;
  guint next_roll = 1;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);
  g_return_val_if_fail (stored != NULL && secret != NULL, FALSE);

  at = table_dice_at (campaign, table, engagement_id, &next_roll, error);
  if (at == NULL)
    {
      g_autofree char *commitment = adm_dice_commitment_of (stored);

      /* Never committed to: let go. */
      adm_dice_secret_forget (commitment);
      return FALSE;
    }
  return adm_campaign_table_dice_commit (campaign, engagement_id, at->id, next_roll, time,
                                         stored, secret, error);
}

char *
adm_table_battle_from_setup (const char  *setup,
                             const char  *engagement_id,
                             GError     **error)
{
  g_autoptr(AdmBattle) battle = NULL;

  g_return_val_if_fail (setup != NULL, NULL);

  /* Written as a saved battle, whose head is the one the campaign keeps once the table's
   * first entry comes back. */
  battle = adm_battle_load_memory (setup, strlen (setup), engagement_id, error);
  if (battle == NULL)
    return NULL;
  return adm_battle_serialize (battle, NULL);
}

char *
adm_campaign_table_battle (AdmCampaign *campaign,
                           const char  *table,
                           const char  *engagement_id,
                           GError     **error)
{
  g_autofree char *text = NULL;
  gboolean kept = FALSE;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);

  text = adm_campaign_table_setup (campaign, table, engagement_id, &kept, error);
  if (text == NULL || kept)
    return g_steal_pointer (&text);
  return adm_table_battle_from_setup (text, engagement_id, error);
}

GPtrArray *
adm_campaign_get_table_engagements (AdmCampaign *campaign,
                                    const char  *table)
{
  AdmState *state;
  g_autoptr(GPtrArray) queue = NULL;
  GPtrArray *out;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  state = adm_campaign_get_state (campaign);
  queue = adm_campaign_get_engagements (campaign, 0);
  out = g_ptr_array_new ();
  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      const AdmTableAssignment *at = adm_state_get_table (state, engagement->id);

      if (at != NULL && (table == NULL || g_str_equal (at->table, table)))
        g_ptr_array_add (out, (gpointer) at);
    }
  return out;
}

/* The first entry (from 1) where @battle's journal and the one kept part, or 0 when the
 * kept ones are all in @battle as kept; the set-ups are the same. */
static guint
first_difference (const char *head,
                  AdmJournal *kept,
                  AdmBattle  *battle)
{
  AdmJournal *theirs = adm_battle_get_log (battle);
  guint n = adm_journal_get_n_entries (kept);
  char mine[65], their[65];

  chain_start (head, mine);
  memcpy (their, mine, 65);
  for (guint i = 0; i < n; i++)
    {
      if (i >= adm_journal_get_n_entries (theirs))
        return i + 1;
      chain_step (kept, i, mine);
      chain_step (theirs, i, their);
      if (strcmp (mine, their) != 0)
        return i + 1;
    }
  return 0;
}

struct _AdmTableMessage
{
  Message    head;
  char      *display_name;
  AdmBattle *battle;
  guint      n;          /* entries of its battle's journal */
  char      *carried;    /* its battle's set-up without its season, as the campaign keeps it */
  char      *handed;     /* the head of the set-up handed out, or NULL */
};

void
adm_table_message_free (AdmTableMessage *message)
{
  if (message == NULL)
    return;
  message_clear (&message->head);
  g_free (message->display_name);
  g_clear_object (&message->battle);
  g_free (message->carried);
  g_free (message->handed);
  g_free (message);
}

const char *
adm_table_message_get_engagement (AdmTableMessage *message)
{
  g_return_val_if_fail (message != NULL, NULL);
  return message->head.engagement;
}

/* @message, its head read, once @battle (taken) is its battle played whole: its own
 * sequence checked, and what the checks against the campaign need of it made here, off the
 * campaign's thread. */
static AdmTableMessage *
message_played (AdmTableMessage  *message,
                AdmBattle        *battle,
                GError          **error)
{
  g_autoptr(AdmTableMessage) played = message;
  char hash[65];

  played->battle = battle;
  played->n = adm_journal_get_n_entries (adm_battle_get_log (played->battle));
  {
    g_autofree char *head = adm_battle_serialize_head (played->battle, NULL);

    played->carried = adm_battle_text_without_season (head);
  }

  /* Its own sequence: the table sends from the first entry it has not had acknowledged,
   * with the hash of the one before, both as it holds them. */
  if (played->head.from > played->n + 1)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                   _("%s: the battle sent from the table has %u entries, not %u"),
                   played->display_name, played->n, played->head.from - 1);
      return NULL;
    }
  adm_table_battle_entry_hash (played->battle, played->head.from - 1, hash);
  if (strcmp (hash, played->head.prev) != 0)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                   _("%s: entry %u of the battle is not the one the table says it sent "
                     "before (its hash differs)"), played->display_name,
                   played->head.from - 1);
      return NULL;
    }
  return g_steal_pointer (&played);
}

AdmTableMessage *
adm_table_message_read (const char  *data,
                        gsize        length,
                        const char  *display_name,
                        GError     **error)
{
  g_autoptr(AdmTableMessage) message = g_new0 (AdmTableMessage, 1);
  g_autoptr(GString) text = NULL;
  g_autoptr(GError) local_error = NULL;
  AdmBattle *battle;

  g_return_val_if_fail (data != NULL, NULL);

  message->display_name = g_strdup (display_name != NULL ? display_name : "table-battle");
  if (!read_message (data, length, message->display_name, &message->head, error))
    return NULL;

  /* The battle, played whole: its lines are the message's. */
  text = g_string_new (NULL);
  for (int line = 1; line < message->head.battle_line; line++)
    g_string_append_c (text, '\n');
  g_string_append_len (text, data + message->head.battle_start,
                       message->head.battle_end - message->head.battle_start);
  battle = adm_battle_load_game_memory (text->str, text->len, message->display_name,
                                        &local_error);
  if (battle == NULL)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                   "%s", local_error->message);
      return NULL;
    }
  return message_played (g_steal_pointer (&message), battle, error);
}

/* The end tag of a message, the last thing in it but white space: its first one, read as it
 * arrives (a table writes none inside its battle). */
#define CLOSE_TAG "</table-battle>"
/* How much of a message is read for its head at the most: a declaration, then the root's
 * start tag (find_root ()). */
#define MAX_PROLOG (4096 + MAX_HEAD + 1024)

struct _AdmTableMessageReader
{
  AdmTableMessage *message;  /* its head, once read */
  gboolean         head_read;
  GString         *head;     /* while the head is read: what came so far */
  AdmXmlPush      *battle;   /* once the head is read: the battle's parser */
  char             tail[sizeof CLOSE_TAG];  /* what may be the start of CLOSE_TAG, held back */
  gsize            n_tail;
  gboolean         closed;   /* CLOSE_TAG came, then white space alone */
  gsize            length;
  GError          *refusal;
};

AdmTableMessageReader *
adm_table_message_reader_new (const char *display_name)
{
  AdmTableMessageReader *reader = g_new0 (AdmTableMessageReader, 1);

  reader->message = g_new0 (AdmTableMessage, 1);
  reader->message->display_name = g_strdup (display_name != NULL ? display_name
                                                                  : "table-battle");
  reader->head = g_string_new (NULL);
  return reader;
}

void
adm_table_message_reader_free (AdmTableMessageReader *reader)
{
  if (reader == NULL)
    return;
  adm_table_message_free (reader->message);
  if (reader->head != NULL)
    g_string_free (reader->head, TRUE);
  adm_xml_push_free (reader->battle);
  g_clear_error (&reader->refusal);
  g_free (reader);
}

/* Nothing more is read: @refusal says why, and what was read is let go. */
static gboolean
reader_refuse (AdmTableMessageReader *reader,
               GError                *refusal)
{
  reader->refusal = refusal;
  g_clear_pointer (&reader->battle, adm_xml_push_free);
  if (reader->head != NULL)
    g_string_free (g_steal_pointer (&reader->head), TRUE);
  return FALSE;
}

/* The length of the head of @data (a message's first bytes), up to the end of its root's
 * start tag — its ">" outside quotes, or where something else begins — as find_root ()
 * reads it; 0 while the head may go on. */
static gsize
head_length (const char *data,
             gsize       length)
{
  const char *p = data, *end = data + length, *tag;
  char quote = 0;

  while (p < end && g_ascii_isspace (*p))
    p++;
  if (end - p < 5 && memcmp (p, "<?xml", (gsize) (end - p)) == 0)
    return 0;
  if (end - p >= 5 && memcmp (p, "<?xml", 5) == 0)
    {
      const char *closing = g_strstr_len (p, MIN (end - p, 4096), "?>");

      if (closing == NULL)
        return end - p >= 4096 ? length : 0;
      p = closing + 2;
    }
  while (p < end && g_ascii_isspace (*p))
    p++;
  if (p == end)
    return 0;
  for (tag = p++; p < end && p - tag < MAX_HEAD; p++)
    if (quote != 0)
      quote = *p == quote ? 0 : quote;
    else if (*p == '"' || *p == '\'')
      quote = *p;
    else if (*p == '>')
      return (gsize) (p + 1 - data);
    else if (*p == '<')
      return (gsize) (p - data);
  return p - tag >= MAX_HEAD ? (gsize) (p - data) : 0;
}

/* What @data (@length bytes) may be of the message's end: 0 nothing (it is battle), 1 the
 * start of CLOSE_TAG. */
static int
close_state (const char *data,
             gsize       length)
{
  return length < strlen (CLOSE_TAG) && memcmp (data, CLOSE_TAG, length) == 0;
}

/* The battle's next bytes, all but what may be the message's end. */
static gboolean
reader_battle (AdmTableMessageReader *reader,
               const char            *data,
               gsize                  length)
{
  const char *last = NULL, *close;

  if (reader->closed)
    {
      for (gsize i = 0; i < length; i++)
        if (!g_ascii_isspace (data[i]))
          {
            GError *error = NULL;

            malformed (&error, reader->message->display_name, 1,
                       _("there is something after </table-battle>"));
            return reader_refuse (reader, error);
          }
      return TRUE;
    }
  /* What was held back: the end if what follows ends CLOSE_TAG, else battle after all. */
  if (reader->n_tail > 0)
    {
      gsize need = strlen (CLOSE_TAG) - reader->n_tail;
      gsize n = MIN (need, length);

      if (memcmp (data, CLOSE_TAG + reader->n_tail, n) == 0)
        {
          if (n < need)
            {
              memcpy (reader->tail + reader->n_tail, data, n);
              reader->n_tail += n;
              return TRUE;
            }
          reader->closed = TRUE;
          reader->n_tail = 0;
          return reader_battle (reader, data + n, length - n);
        }
      if (!adm_xml_push_feed (reader->battle, reader->tail, reader->n_tail))
        return FALSE;
      reader->n_tail = 0;
    }
  /* The end: what follows it must be white space. */
  close = memmem (data, length, CLOSE_TAG, strlen (CLOSE_TAG));
  if (close != NULL)
    {
      if (!adm_xml_push_feed (reader->battle, data, (gsize) (close - data)))
        return FALSE;
      reader->closed = TRUE;
      close += strlen (CLOSE_TAG);
      return reader_battle (reader, close, (gsize) (data + length - close));
    }
  /* What may be its start is held back. */
  for (const char *p = data + length; p > data && data + length - p < (gssize) strlen (CLOSE_TAG);
       p--)
    if (p[-1] == '<')
      {
        last = p - 1;
        break;
      }
  if (last != NULL && close_state (last, (gsize) (data + length - last)) == 1)
    {
      if (!adm_xml_push_feed (reader->battle, data, (gsize) (last - data)))
        return FALSE;
      reader->n_tail = (gsize) (data + length - last);
      memcpy (reader->tail, last, reader->n_tail);
      return TRUE;
    }
  return adm_xml_push_feed (reader->battle, data, length);
}

gboolean
adm_table_message_reader_feed (AdmTableMessageReader *reader,
                               const char            *data,
                               gsize                  length)
{
  g_autoptr(GError) error = NULL;
  gsize head;

  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (reader->refusal != NULL)
    return FALSE;
  reader->length += length;
  if (reader->length > MAX_MESSAGE)
    {
      malformed (&error, reader->message->display_name, 1,
                 _("the battle sent from a table is too large to be a battle"));
      return reader_refuse (reader, g_steal_pointer (&error));
    }
  if (reader->head == NULL)
    {
      gboolean fed = reader_battle (reader, data, length);

      /* The battle's own refusal, in the words a message's gets. */
      if (!fed && reader->refusal == NULL)
        {
          xmlDoc *none = adm_xml_push_end (reader->battle, NULL, &error);

          g_assert (none == NULL);
          g_set_error (&reader->refusal, ADM_TABLE_BATTLE_ERROR,
                       ADM_TABLE_BATTLE_ERROR_MALFORMED, "%s", error->message);
          g_clear_pointer (&reader->battle, adm_xml_push_free);
        }
      return fed;
    }
  /* The head: read as a message of its start tag alone (read_message ()), once it is whole. */
  g_string_append_len (reader->head, data, (gssize) length);
  head = head_length (reader->head->str, reader->head->len);
  if (head == 0 && reader->head->len < MAX_PROLOG)
    return TRUE;
  if (head == 0)
    head = reader->head->len;
  {
    g_autoptr(GString) alone = g_string_new_len (reader->head->str, (gssize) head);
    g_autoptr(GString) rest = NULL;

    g_string_append (alone, CLOSE_TAG);
    if (!read_message (alone->str, alone->len, reader->message->display_name,
                       &reader->message->head, &error))
      return reader_refuse (reader, g_steal_pointer (&error));
    reader->head_read = TRUE;
    rest = g_string_new_len (reader->head->str + head, (gssize) (reader->head->len - head));
    g_string_free (g_steal_pointer (&reader->head), TRUE);
    /* The battle's lines are the message's. */
    reader->battle = adm_xml_push_new (reader->message->display_name);
    for (int line = 1; line < reader->message->head.battle_line; line++)
      adm_xml_push_feed (reader->battle, "\n", 1);
    reader->length -= rest->len;
    return adm_table_message_reader_feed (reader, rest->str, rest->len);
  }
}

const char *
adm_table_message_reader_get_engagement (AdmTableMessageReader *reader)
{
  g_return_val_if_fail (reader != NULL, NULL);
  return reader->head_read && reader->message != NULL ? reader->message->head.engagement
                                                       : NULL;
}

AdmTableMessage *
adm_table_message_reader_end (AdmTableMessageReader  *reader,
                              GError                **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  AdmBattle *battle;

  g_return_val_if_fail (reader != NULL, NULL);

  /* A message that ended before its head did: read whole as such (read_message ()). */
  if (reader->refusal == NULL && reader->head != NULL)
    {
      Message whole = { 0 };

      if (read_message (reader->head->str, reader->head->len, reader->message->display_name,
                        &whole, &local_error) || local_error == NULL)
        malformed (&local_error, reader->message->display_name, 1,
                   _("the <table-battle> element holds no battle"));
      message_clear (&whole);
      reader_refuse (reader, g_steal_pointer (&local_error));
    }
  if (reader->refusal == NULL && !reader->closed)
    {
      malformed (&local_error, reader->message->display_name, 1,
                 _("the battle sent from a table is cut short: </table-battle> is missing"));
      reader_refuse (reader, g_steal_pointer (&local_error));
    }
  if (reader->refusal != NULL)
    {
      g_propagate_error (error, g_error_copy (reader->refusal));
      return NULL;
    }
  doc = adm_xml_push_end (reader->battle, NULL, &local_error);
  g_clear_pointer (&reader->battle, adm_xml_push_free);
  battle = doc != NULL ? adm_battle_load_game_doc (doc, reader->message->display_name,
                                                   &local_error)
                       : NULL;
  if (battle == NULL)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                   "%s", local_error->message);
      return NULL;
    }
  g_clear_pointer (&doc, xmlFreeDoc);
  return message_played (g_steal_pointer (&reader->message), battle, error);
}

gboolean
adm_campaign_table_message_wants_setup (AdmCampaign     *campaign,
                                        AdmTableMessage *message)
{
  const AdmTableAssignment *at;
  const char *head = NULL;
  AdmJournal *kept = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  at = adm_state_get_table (adm_campaign_get_state (campaign), message->head.engagement);
  /* A hand-off that journaled its set-up is checked against that, nothing made anew. */
  return message->handed == NULL && (at == NULL || at->setup == NULL) &&
         !_adm_campaign_get_kept (campaign, message->head.engagement, &head, &kept);
}

gboolean
adm_table_message_set_handed (AdmTableMessage *message,
                              const char      *setup,
                              GError         **error)
{
  g_autoptr(AdmBattle) battle = NULL;

  g_return_val_if_fail (message != NULL, FALSE);
  g_return_val_if_fail (setup != NULL, FALSE);

  battle = adm_battle_load_memory (setup, strlen (setup), message->head.engagement, error);
  if (battle == NULL)
    return FALSE;
  g_free (message->handed);
  message->handed = adm_battle_serialize_head (battle, NULL);
  return TRUE;
}

gboolean
adm_campaign_receive_table_message (AdmCampaign     *campaign,
                                    const char      *table,
                                    AdmTableMessage *message,
                                    AdmTableReceipt *receipt,
                                    GError         **error)
{
  const Message *head;
  const char *display_name;
  AdmBattle *battle;
  AdmTableReceipt held;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmJournalAction) ending = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *kept_head = NULL;
  AdmJournal *kept = NULL;
  guint differs;
  guint roll = 0;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  head = &message->head;
  display_name = message->display_name;
  battle = message->battle;
  if (receipt != NULL)
    memset (receipt, 0, sizeof *receipt);
  if (!check_assignment (campaign, table, head->engagement, head->assignment, error))
    return FALSE;
  adm_campaign_get_table_receipt (campaign, head->engagement, &held);
  if (receipt != NULL)
    *receipt = held;

  /* Never a gap: the table believes the chief holds more than it does. */
  if (head->from - 1 > held.kept)
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP,
                   _("The chief holds %u entries of the battle of engagement %s, not %u: "
                     "send from entry %u."), held.kept, head->engagement, head->from - 1,
                   held.kept + 1);
      return FALSE;
    }

  if (_adm_campaign_get_kept (campaign, head->engagement, &kept_head, &kept))
    {
      const char *battle_head = message->carried;

      /* The campaign keeps the battle without the copy of its season the table got. */
      if (!g_str_equal (battle_head, kept_head))
        {
          g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP,
                       _("The battle of engagement %s at this table is not the one the chief "
                         "keeps: its set-up differs."), head->engagement);
          return FALSE;
        }
      /* Never two histories: what the chief keeps must be where the table's battle begins. */
      differs = first_difference (kept_head, kept, battle);
      if (differs > 0)
        {
          g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP,
                       _("The battle of engagement %s at this table went another way from "
                         "entry %u on than the one the chief keeps; nothing of it was kept."),
                       head->engagement, differs);
          return FALSE;
        }
    }
  else
    {
      /* The first entries: the set-up must be the one the chief handed out (its head made
       * beforehand off this thread, adm_table_message_set_handed (), or now). */
      const char *battle_head = message->carried;
      g_autofree char *handed_head = NULL;
      g_autofree char *fresh_head = NULL;
      const AdmTableAssignment *at = adm_state_get_table (adm_campaign_get_state (campaign),
                                                          head->engagement);
      char hash[65];

      /* The hand-off journaled the set-up it handed out: the table's is that one, whatever
       * the chief would set up now. */
      if (at != NULL && at->setup != NULL)
        {
          chain_start (battle_head, hash);
          if (strcmp (hash, at->setup) != 0)
            {
              g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP,
                           SETUP_DIFFERS, head->engagement);
              return FALSE;
            }
        }
      else if (message->handed == NULL)
        {
          g_autofree char *handed = adm_campaign_table_battle (campaign, NULL, head->engagement,
                                                              &local_error);
          g_autoptr(AdmBattle) fresh = NULL;

          if (handed != NULL)
            fresh = adm_battle_load_game_memory (handed, strlen (handed), display_name,
                                                 &local_error);
          if (fresh == NULL)
            {
              g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                           "%s", local_error->message);
              return FALSE;
            }
          fresh_head = adm_battle_serialize_head (fresh, NULL);
        }
      if (at == NULL || at->setup == NULL)
        handed_head = adm_battle_text_without_season (message->handed != NULL ? message->handed
                                                                              : fresh_head);
      if (handed_head != NULL && !g_str_equal (battle_head, handed_head))
        {
          g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP,
                       SETUP_DIFFERS, head->engagement);
          return FALSE;
        }
    }

  /* The sides' dice given at the table, journaled before its rolls are checked with them
   * mixed in (docs/dice.md, "What the sides add"); like a commitment, once journaled they
   * count, whatever becomes of the rest of the message. */
  if (head->dice != NULL)
    {
      g_autoptr(GPtrArray) mixes = adm_dice_mixes_from_text (head->engagement, head->dice,
                                                             &local_error);

      if (mixes == NULL ||
          !adm_campaign_take_table_dice (campaign, head->engagement, head->assignment, mixes,
                                         adm_clock_now (), &local_error))
        {
          g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                       /* Translators: "The sides' dice of engagement c1-3 were refused: …" */
                       _("The sides' dice of engagement %s were refused: %s"), head->engagement,
                       local_error->message);
          if (receipt != NULL)
            adm_campaign_get_table_receipt (campaign, head->engagement, receipt);
          return FALSE;
        }
    }

  /* The program dice of a set-up that carried the chief's secret are the dice he committed
   * to: a table drawing others is refused (docs/dice.md). */
  if (!adm_campaign_check_table_dice (campaign, head->engagement, head->assignment, battle,
                                      &roll))
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   /* Translators: "Roll 4 of the battle of engagement c1-3 is not the program
                    * dice the chief master committed to for this table; …" */
                   _("Roll %u of the battle of engagement %s is not the program dice the chief "
                     "master committed to for this table; nothing of the battle was kept."),
                   roll, head->engagement);
      return FALSE;
    }

  /* A hand-off with the program's dice only: no roll comes back typed in, so that no roll the
   * chief committed to can be replaced by values of the table's choosing. */
  if (!table_may_type (campaign, head->engagement, head->assignment, battle, &roll))
    {
      const AdmTableAssignment *at = adm_state_get_table (adm_campaign_get_state (campaign),
                                                          head->engagement);

      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   /* Translators: "Roll 17 of the battle of engagement c1-3 was typed in at
                    * the table “Table 2”, but …" */
                   _("Roll %u of the battle of engagement %s was typed in at the table “%s”, "
                     "but the engagement was handed to it with the program's dice only; "
                     "nothing of the battle was kept. Undo back to that roll and roll it with "
                     "the program."),
                   roll, head->engagement, at != NULL ? at->table : table);
      return FALSE;
    }

  /* The ending is made before anything is kept, so that a message whose ending cannot apply
   * changes nothing. */
  if (head->end_reason != NULL && !held.ended)
    {
      engagement = adm_campaign_find_engagement (campaign, head->engagement, &local_error);
      if (engagement != NULL)
        ending = adm_battle_result_action (campaign, engagement, battle,
                                           *head->end_reason != '\0' ? head->end_reason : NULL,
                                           adm_clock_now (), &local_error);
      if (ending == NULL)
        {
          g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                       "%s", local_error->message);
          return FALSE;
        }
    }

  if (message->n > held.kept &&
      !_adm_campaign_keep_battle (campaign, head->engagement, battle, head->assignment,
                                  message->carried, &local_error))
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   "%s", local_error->message);
      if (receipt != NULL)
        adm_campaign_get_table_receipt (campaign, head->engagement, receipt);
      return FALSE;
    }
  if (ending != NULL && !adm_campaign_record (campaign, ending, &local_error))
    {
      g_set_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED,
                   _("The battle of engagement %s was not ended: %s"), head->engagement,
                   local_error->message);
      if (receipt != NULL)
        adm_campaign_get_table_receipt (campaign, head->engagement, receipt);
      return FALSE;
    }
  if (ending != NULL)
    adm_dice_forget_revealed (campaign, ending);
  if (receipt != NULL)
    adm_campaign_get_table_receipt (campaign, head->engagement, receipt);
  return TRUE;
}

gboolean
adm_campaign_receive_from_table (AdmCampaign     *campaign,
                                 const char      *table,
                                 const char      *data,
                                 gsize            length,
                                 const char      *display_name,
                                 AdmTableReceipt *receipt,
                                 GError         **error)
{
  g_autoptr(AdmTableMessage) message = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  if (receipt != NULL)
    memset (receipt, 0, sizeof *receipt);
  if (display_name == NULL)
    display_name = table;
  message = adm_table_message_read (data, length, display_name, error);
  if (message == NULL)
    return FALSE;
  return adm_campaign_receive_table_message (campaign, table, message, receipt, error);
}

/* Handing an engagement to a table and taking it back */

gboolean
adm_campaign_assign_table (AdmCampaign  *campaign,
                           const char   *engagement_id,
                           const char   *table,
                           gint64        time,
                           char        **assignment_out,
                           GError      **error)
{
  return adm_campaign_assign_table_full (campaign, engagement_id, table, FALSE, time,
                                         assignment_out, error);
}

gboolean
adm_campaign_assign_table_full (AdmCampaign  *campaign,
                                const char   *engagement_id,
                                const char   *table,
                                gboolean      typed_dice,
                                gint64        time,
                                char        **assignment_out,
                                GError      **error)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmJournalAction) action = NULL;
  g_autoptr(AdmEvent) event = NULL;
  g_autofree char *assignment = NULL;
  char setup[65];
  int turn = 0;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);
  g_return_val_if_fail (table != NULL, FALSE);

  engagement = adm_campaign_find_engagement (campaign, engagement_id, error);
  if (engagement == NULL)
    return FALSE;
  /* One writer per journal: a battle begun here is fought on here. */
  if (adm_campaign_has_battle (campaign, engagement->id, &turn, NULL))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE,
                   /* Translators: "The battle of engagement c1-3 has begun here (turn 2): it
                    * is fought on where it began" */
                   _("The battle of engagement %s has begun here (turn %d): it is fought on "
                     "where it began"), engagement->id, MAX (turn, 1));
      return FALSE;
    }
  /* The set-up handed out is journaled as its hash: the table's first entries are checked
   * against it, whatever the chief would set up after a restart, in another locale or
   * another version of the program. */
  if (!_adm_campaign_setup_hash (campaign, engagement->id, setup, error))
    return FALSE;
  /* The assignment id is drawn once and journaled: replaying the journal gives it back. */
  assignment = g_uuid_string_random ();
  action = adm_journal_action_new ("table-assign", time);
  adm_event_set (adm_journal_action_get_head (action), "engagement", engagement->id);
  adm_event_set (adm_journal_action_get_head (action), "table", table);
  event = adm_event_new ("table-assign", time);
  adm_event_set (event, "engagement", engagement->id);
  adm_event_set (event, "table", table);
  adm_event_set (event, "assignment", assignment);
  adm_event_set (event, "setup", setup);
  adm_event_set (event, "dice", typed_dice ? "typed" : "program");
  adm_journal_action_add_event (action, event);
  if (!adm_campaign_record (campaign, action, error))
    return FALSE;
  if (assignment_out != NULL)
    *assignment_out = g_steal_pointer (&assignment);
  return TRUE;
}

gboolean
adm_campaign_take_back_table (AdmCampaign  *campaign,
                              const char   *engagement_id,
                              const char   *reason,
                              gint64        time,
                              GError      **error)
{
  const AdmTableAssignment *at;
  g_autoptr(AdmJournalAction) action = NULL;
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);

  at = adm_state_get_table (adm_campaign_get_state (campaign), engagement_id);
  action = adm_journal_action_new ("table-take-back", time);
  adm_event_set (adm_journal_action_get_head (action), "engagement", engagement_id);
  event = adm_event_new ("table-take-back", time);
  adm_event_set (event, "engagement", engagement_id);
  if (at != NULL)
    adm_event_set (event, "assignment", at->id);
  adm_event_set (event, "reason", reason != NULL ? reason : "");
  adm_journal_action_add_event (action, event);
  /* The state's check says what is wrong: not at a table, no reason. */
  return adm_campaign_record (campaign, action, error);
}
