/* SPDX-License-Identifier: GPL-3.0-or-later
 * adm-portal-page.js: the script of an admiral's page (adm-portal-page.c), which inlines it
 * without this comment and without a line break: a line ends only where the next may follow
 * with no space between.
 *
 * The countdown ticks from the server's own clock (the phone's may be wrong) and stands still
 * while the master has paused it. Every 5 s, and at once when he comes back to the page (a
 * phone slows or stops a page's timers while it is out of sight), it asks status.json whether
 * anything changed — the campaign, his sheet's status, the clock — and when it has, fetches
 * the page and puts its new parts in place: the clock, his sheet's status, his fleet, what his
 * side knows, his reports; the form too, unless he has begun to fill it in, which is never
 * touched (only its CSRF token follows, so that it can still be handed in); a part whose only
 * change is its CSRF token (the final mark's form in the sheet's head) takes the token and is
 * no news; a line says what changed, in the page's own words. It never reloads the page.
 * F-STRAT-8: choosing a route's leg narrows the next leg to its neighbours. */
(function(){var c=document.getElementById('clock');if(!c)return;
var d=+c.dataset.deadline,pz=+c.dataset.paused,skew=Date.now()/1000-(+c.dataset.now),
key=c.dataset.key,dirty=false,busy=false,f=document.getElementById('orders');
if(f&&f.dataset.keep==='1')dirty=true;
function bare(o){return o?o.outerHTML.replace(/name="csrf" value="[^"]*"/g,''):''}
var base=bare(f);
function p(n){return(n<10?'0':'')+n}
function fmt(s){var neg=s<0;s=Math.abs(Math.round(s));var h=Math.floor(s/3600),
m=Math.floor(s/60)%60,x=s%60;return(neg?'−':'')+(h?h+':'+p(m):m)+':'+p(x)}
function tick(){var k=document.getElementById('clock');if(!k||pz>=0||!d)return;
k.textContent=fmt(d-(Date.now()/1000-skew))}
function ours(t){return t&&t.form&&t.form.id==='orders'}
function narrow(s){if(!s||s.dataset.leg===undefined)return;
var n=s.form.querySelector('select[name="'+s.name.slice(0,-1)+
String.fromCharCode(s.name.charCodeAt(s.name.length-1)+1)+'"]');if(!n)return;
var o=s.options[s.selectedIndex],a=o&&o.dataset.adj?o.dataset.adj.split(' '):null;
for(var i=1;i<n.options.length;i++){var q=n.options[i];q.disabled=q.hidden=
!!a&&a.indexOf(q.value)<0;if(q.disabled&&q.selected)n.value=''}narrow(n)}
document.addEventListener('input',function(e){if(ours(e.target))dirty=true},true);
document.addEventListener('change',function(e){if(ours(e.target)){dirty=true;
narrow(e.target)}},true);
function legs(){var l=document.querySelectorAll('#orders select[data-leg="0"]');
for(var i=0;i<l.length;i++)narrow(l[i])}legs();
function put(doc,id,said){var a=document.getElementById(id),b=doc.getElementById(id);
if(!a||!b||a.innerHTML===b.innerHTML)return;
if(bare(a)===bare(b)){var x=a.querySelectorAll('input[name=csrf]'),
y=b.querySelectorAll('input[name=csrf]');for(var i=0;i<x.length&&i<y.length;i++)
x[i].value=y[i].value;return}a.innerHTML=b.innerHTML;
var h=b.closest('section');h=h&&h.querySelector('h2');
if(said&&h&&said.indexOf(h.textContent)<0)said.push(h.textContent)}
function swap(doc){var said=[],o=document.getElementById('orders'),
n=doc.getElementById('orders'),w=document.getElementById('changed');
put(doc,'clock-note',said);put(doc,'session');put(doc,'sheet-head',said);put(doc,'fleet',said);
put(doc,'known',said);put(doc,'reports',said);
var h=document.querySelector('#sheet h2'),g=doc.querySelector('#sheet h2');
if(h&&g)h.textContent=g.textContent;
if(o&&n&&!dirty){if(bare(n)!==base){o.outerHTML=n.outerHTML;legs()}
else o.querySelector('input[name=csrf]').value=n.querySelector('input[name=csrf]').value;
base=bare(n)}
else if(o&&n){o.querySelector('input[name=csrf]').value=
n.querySelector('input[name=csrf]').value;
if(bare(n)!==base&&!o.dataset.told){o.dataset.told='1';said.push(w.dataset.kept)}}
else if(o!==n){var s=document.getElementById('sheet'),z=doc.getElementById('sheet');
if(s&&z)s.innerHTML=z.innerHTML}
if(said.length&&w){var now=new Date();w.textContent=w.dataset.text.replace('%1$s',
p(now.getHours())+':'+p(now.getMinutes())).replace('%2$s',said.join(' · '));
w.hidden=false}}
function poll(){if(busy)return;busy=true;fetch('status.json',{cache:'no-store'})
.then(function(r){return r.ok?r.json():null}).then(function(j){if(!j)return;
d=j.deadline;pz=j.paused;skew=Date.now()/1000-j.now;tick();
var k=[j.version,j.sheet,j.deadline,j.paused,j.extended].join('|');
if(k===key)return;return fetch('./',{cache:'no-store'}).then(function(r){
return r.ok?r.text():null}).then(function(t){if(t===null)return;
swap(new DOMParser().parseFromString(t,'text/html'));key=k;tick()})})
.catch(function(){}).then(function(){busy=false})}
document.addEventListener('visibilitychange',function(){if(!document.hidden){tick();poll()}});
tick();setInterval(tick,1000);setInterval(poll,5000)})();
