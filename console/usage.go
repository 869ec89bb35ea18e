package console

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/vouchdev/vouch/service"
)

// payerRow is one payer's total in the period.
type payerRow struct {
	ID, Label string
	Person    bool
	Count     int
}

type usageData struct {
	Days     int
	DayOpts  []int
	Payer    string // "" for everyone, a key id or a person id
	Label    string // the payer's name
	From, To string
	Chart    chart
	Payers   []payerRow
	Rows     []bar // days with charges, newest first
	Error    string
}

// chart is a bar chart drawn as SVG by the template: coordinates are
// computed here so the template only places them.
type chart struct {
	W, H                        int
	PlotX, PlotY, PlotW, PlotH  float64
	PlotRight, YLabelX, XLabelY float64
	Bars                        []bar
	YTicks, XTicks              []tick
	Max, Total                  int
	// Labels writes each bar's count above it, when bars are wide enough.
	Labels bool
}

type bar struct {
	X, Y, W, H     float64
	LabelX, LabelY float64 // where the count is written above the bar
	Day            string
	Count          int
}

type tick struct {
	Pos   float64
	Label string
}

func (c *Console) usagePage(w http.ResponseWriter, r *http.Request, s *session) {
	q := r.URL.Query()
	d := usageData{Days: 30, DayOpts: []int{7, 30, 90}, Payer: q.Get("payer")}
	if v := q.Get("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 366 {
			d.Error = "Days must be a number from 1 to 366."
		} else {
			d.Days = n
		}
	}
	today := c.cfg.Now().UTC().Truncate(24 * time.Hour)
	first := today.AddDate(0, 0, -(d.Days - 1))
	d.From, d.To = first.Format(time.DateOnly), today.Format(time.DateOnly)
	ctx := r.Context()
	all, err := c.svc.Usage(ctx, service.ChargeFilter{From: d.From, To: d.To})
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	n := c.names(ctx)
	totals := map[string]*payerRow{}
	for _, u := range all {
		id, person := u.Payer.KeyID, false
		if u.Payer.UserID != "" {
			id, person = u.Payer.UserID, true
		}
		p := totals[id]
		if p == nil {
			label := n.user(id)
			if !person {
				label = n.keyLabel(id)
			}
			p = &payerRow{ID: id, Label: label, Person: person}
			totals[id] = p
		}
		p.Count += u.Count
	}
	for _, p := range totals {
		d.Payers = append(d.Payers, *p)
	}
	sort.Slice(d.Payers, func(i, j int) bool {
		if d.Payers[i].Count != d.Payers[j].Count {
			return d.Payers[i].Count > d.Payers[j].Count
		}
		return d.Payers[i].Label < d.Payers[j].Label
	})
	perDay := map[string]int{}
	for _, u := range all {
		if d.Payer == "" || u.Payer.KeyID == d.Payer || u.Payer.UserID == d.Payer {
			perDay[u.Day] += u.Count
		}
	}
	if d.Payer != "" {
		d.Label = d.Payer
		switch {
		case strings.HasPrefix(d.Payer, "key_"):
			d.Label = "API key " + n.keyLabel(d.Payer)
		case strings.HasPrefix(d.Payer, "usr_"):
			d.Label = n.user(d.Payer)
		}
	}
	d.Chart = drawChart(first, d.Days, perDay)
	for i := len(d.Chart.Bars) - 1; i >= 0; i-- {
		if d.Chart.Bars[i].Count > 0 {
			d.Rows = append(d.Rows, d.Chart.Bars[i])
		}
	}
	status := http.StatusOK
	if d.Error != "" {
		status = http.StatusBadRequest
	}
	c.render(w, r, status, "usage", s, "Usage", d)
}

// drawChart lays out one bar per day from first, days long.
func drawChart(first time.Time, days int, perDay map[string]int) chart {
	ch := chart{W: 960, H: 300, PlotX: 48, PlotY: 16}
	ch.PlotW = float64(ch.W) - ch.PlotX - 12
	ch.PlotH = float64(ch.H) - ch.PlotY - 40
	ch.PlotRight, ch.YLabelX, ch.XLabelY = ch.PlotX+ch.PlotW, ch.PlotX-8, ch.PlotY+ch.PlotH+24
	for i := range days {
		n := perDay[first.AddDate(0, 0, i).Format(time.DateOnly)]
		ch.Total += n
		ch.Max = max(ch.Max, n)
	}
	top := niceCeil(ch.Max)
	ch.Labels = days <= 45
	slot := ch.PlotW / float64(days)
	gap := min(slot*0.2, 6)
	every := max(1, (days+9)/10) // at most about ten day labels
	for i := range days {
		day := first.AddDate(0, 0, i)
		key := day.Format(time.DateOnly)
		n := perDay[key]
		h := ch.PlotH * float64(n) / float64(top)
		b := bar{X: ch.PlotX + float64(i)*slot + gap/2, W: slot - gap, H: h, Y: ch.PlotY + ch.PlotH - h, Day: key, Count: n}
		b.LabelX, b.LabelY = b.X+b.W/2, b.Y-5
		ch.Bars = append(ch.Bars, b)
		if (days-1-i)%every == 0 {
			ch.XTicks = append(ch.XTicks, tick{Pos: b.X + b.W/2, Label: day.Format("Jan 2")})
		}
	}
	for _, v := range []int{0, top / 2, top} {
		if v == 0 && top/2 == 0 {
			continue
		}
		ch.YTicks = append(ch.YTicks, tick{Pos: ch.PlotY + ch.PlotH - ch.PlotH*float64(v)/float64(top), Label: fmt.Sprint(v)})
	}
	return ch
}

// niceCeil rounds n up to an axis maximum: the smallest of 2, 4, 6, 8,
// 10, 20, 40, … at least n. Each is even, so the middle tick is whole.
func niceCeil(n int) int {
	for m := 1; ; m *= 10 {
		for _, step := range []int{2, 4, 6, 8, 10} {
			if v := step * m; v >= n {
				return v
			}
		}
	}
}
